import { hashString } from '../../core/random/seededRandom';
import type { SimulatedTicker } from './simulatedFeed';

/** The names retail investors talk about most, most popular first; the rest of the universe follows. */
const MOST_DISCUSSED = [
  'TSLA', 'NVDA', 'SPY', 'AAPL', 'GME', 'AMC', 'PLTR', 'QQQ', 'AMD', 'MSFT', 'AMZN', 'META', 'GOOGL', 'SOFI', 'NIO', 'MSTR', 'COIN', 'HOOD',
  'RIVN', 'LCID', 'NFLX', 'BABA', 'INTC', 'DIS', 'MARA', 'RIOT', 'SMCI', 'ARM', 'AVGO', 'UBER', 'SHOP', 'SNAP', 'DKNG', 'BA', 'JPM', 'BAC',
  'WMT', 'COST', 'PYPL', 'SQQQ', 'TQQQ', 'IWM', 'ARKK', 'TLRY', 'SNDL', 'BB', 'RBLX', 'ROKU', 'CRWD', 'NKE', 'SBUX', 'XOM', 'CVX', 'PFE', 'MRNA',
];

const capitalise = (text: string) => text.replace(/\b\w/g, (c) => c.toUpperCase());

/** Orders the universe for the simulated feed's Zipf draw: the most discussed first, the rest in a seeded order. */
export function simulatedTickers(universe: Array<{ symbol: string; name: string; aliases: string[] }>, seed: number): SimulatedTicker[] {
  const bySymbol = new Map(universe.map((t) => [t.symbol, t]));
  const first = MOST_DISCUSSED.filter((s) => bySymbol.has(s));
  const rest = universe
    .map((t) => t.symbol)
    .filter((s) => !first.includes(s))
    .sort((a, b) => hashString(`${seed}:${a}`) - hashString(`${seed}:${b}`));
  return [...first, ...rest].map((symbol) => {
    const entry = bySymbol.get(symbol)!;
    return { symbol, name: entry.aliases[0] ? capitalise(entry.aliases[0]) : `$${symbol}` };
  });
}
