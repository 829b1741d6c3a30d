import { hashString } from '../../core/random/seededRandom';
import type { SimulatedTicker } from './simulatedFeed';

/** The names retail investors talk about most, most popular first; the rest of the universe follows. */
const MOST_DISCUSSED = [
  'TSLA',
  'NVDA',
  'SPY',
  'AAPL',
  'GME',
  'AMC',
  'PLTR',
  'QQQ',
  'AMD',
  'MSFT',
  'AMZN',
  'META',
  'GOOGL',
  'SOFI',
  'NIO',
  'MSTR',
  'COIN',
  'HOOD',
  'RIVN',
  'LCID',
  'NFLX',
  'BABA',
  'INTC',
  'DIS',
  'MARA',
  'RIOT',
  'SMCI',
  'ARM',
  'AVGO',
  'UBER',
  'SHOP',
  'SNAP',
  'DKNG',
  'BA',
  'JPM',
  'BAC',
  'WMT',
  'COST',
  'PYPL',
  'SQQQ',
  'TQQQ',
  'IWM',
  'ARKK',
  'TLRY',
  'SNDL',
  'BB',
  'RBLX',
  'ROKU',
  'CRWD',
  'NKE',
  'SBUX',
  'XOM',
  'CVX',
  'PFE',
  'MRNA',
];

const capitalise = (text: string) => text.replace(/\b\w/g, (c) => c.toUpperCase());

/**
 * Social chatter names about a thousand stocks, not the ~11,500 listings (most are funds and small caps nobody posts
 * about): the simulated feed draws from this many, so the dashboard's list holds what a real feed would show.
 */
export const SIMULATED_UNIVERSE_SIZE = 1_000;

/**
 * Orders the universe for the simulated feed's Zipf draw: the most discussed first, then companies people name (those
 * with aliases), then the rest, each group in a seeded order; the first SIMULATED_UNIVERSE_SIZE are kept.
 */
export function simulatedTickers(
  universe: Array<{ symbol: string; name: string; aliases: string[] }>,
  seed: number,
): SimulatedTicker[] {
  const bySymbol = new Map(universe.map((t) => [t.symbol, t]));
  const first = MOST_DISCUSSED.filter((s) => bySymbol.has(s));
  const named = (s: string) => (bySymbol.get(s)!.aliases.length > 0 ? 0 : 1);
  const rest = universe
    .map((t) => t.symbol)
    .filter((s) => !first.includes(s))
    .sort((a, b) => named(a) - named(b) || hashString(`${seed}:${a}`) - hashString(`${seed}:${b}`));
  return [...first, ...rest].slice(0, SIMULATED_UNIVERSE_SIZE).map((symbol) => {
    const entry = bySymbol.get(symbol)!;
    return { symbol, name: entry.aliases[0] ? capitalise(entry.aliases[0]) : `$${symbol}` };
  });
}
