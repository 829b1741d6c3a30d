import { parseCsvRecords } from './csv';

/** Security types the universe keeps. NASDAQ Trader's ETF flag covers every exchange-traded product (ETFs, ETNs, grantor trusts). */
export const securityTypes = ['stock', 'adr', 'etf'] as const;
export type SecurityType = (typeof securityTypes)[number];

/** One listed security, as read from NASDAQ Trader's symbol directory. */
export interface Listing {
  symbol: string;
  /** The issuer's name without the security description ("Zymeworks Inc."). */
  name: string;
  exchange: string;
  type: SecurityType;
}

/** otherlisted.txt's exchange codes; nasdaqlisted.txt is all NASDAQ. */
const EXCHANGES: Record<string, string> = { A: 'NYSE American', N: 'NYSE', P: 'NYSE Arca', Z: 'Cboe BZX', V: 'IEX' };

/**
 * Warrants, units, rights, preferred classes and debt are left out rather than mapped to their common stock: posts
 * cashtag the common stock, and a preferred or warrant symbol ("$ACAHW", "BAC$A") read as its common stock would
 * count talk about a different security.
 */
const DERIVATIVE_RE =
  /\b(warrants?|rights?|units?|preferred|preference|pfd|notes?|debentures?|bonds?|trust preferred|depositary shares,? each representing a? ?1\/)\b|\bdue \d{4}\b|%/i;
/** "Common Units" of partnerships are their common equity, not SPAC units. */
const COMMON_UNITS_RE =
  /\b(common units|limited partnership units|partnership units representing|units representing limited)/i;
/** Class shares keep their class letter (BRK.B); other suffixes are units (.U), warrants (.W, .WS) or rights (.R, .RT). */
const CLASS_SUFFIX_RE = /^[A-Z]{1,5}(\.[A-Z])?$/;
const ADR_RE = /\bamerican depositary|\bADRs?\b|\bADSs?\b/i;
/** What follows the issuer's name in a security name: " - Common Stock", " Class A Ordinary Shares", " Common Stock". */
const SECURITY_DESCRIPTION_RE =
  /\s+-\s+.*$|\s+(class [a-z] )?(common stock|common shares|ordinary shares?|american depositary (shares|receipts)|depositary shares|common units|shares of beneficial interest|subordinate voting shares)\b.*$/i;

/** "Zymeworks Inc. - Common Stock" → "Zymeworks Inc."; "Agilent Technologies, Inc. Common Stock" → "Agilent Technologies, Inc.". */
export function issuerName(securityName: string): string {
  const stripped = securityName
    .replace(SECURITY_DESCRIPTION_RE, '')
    .replace(/\s+\(The\)|\s+New$/g, '')
    .trim();
  return stripped === '' ? securityName.trim() : stripped;
}

/**
 * Parses nasdaqlisted.txt or otherlisted.txt: NASDAQ Trader's pipe-delimited files (a header naming the columns, a
 * "File Creation Time" footer), or the comma-separated copies of them in shared/signal-data. Test issues are dropped,
 * and so are the derivative classes above. Throws when the header lacks a symbol or security-name column.
 */
export function parseSymbolDirectory(text: string): Listing[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const delimiter = lines[0]!.includes('|') ? '|' : ',';
  const records =
    delimiter === '|'
      ? lines.filter((l) => l.trim() !== '').map((l) => l.split('|'))
      : parseCsvRecords(text).filter((r) => r.some((f) => f.trim() !== ''));
  const header = records.shift()?.map((h) => h.trim()) ?? [];
  const col = (name: string) => header.indexOf(name);
  const symbolCol = col('Symbol') >= 0 ? col('Symbol') : col('ACT Symbol');
  const securityCol = col('Security Name');
  if (symbolCol < 0 || securityCol < 0)
    throw new Error('not a NASDAQ Trader symbol directory: the header has no Symbol or Security Name column');
  const exchangeCol = col('Exchange');
  const etfCol = col('ETF');
  const testCol = col('Test Issue');
  const companyCol = col('Company Name');

  const listings: Listing[] = [];
  for (const r of records) {
    const symbol = (r[symbolCol] ?? '').trim();
    if (symbol.startsWith('File Creation Time') || symbol === '') continue;
    if ((r[testCol] ?? '').trim() === 'Y') continue;
    if (!CLASS_SUFFIX_RE.test(symbol)) continue;
    const security = (r[securityCol] ?? '').trim();
    const etf = (r[etfCol] ?? '').trim() === 'Y';
    const adr = ADR_RE.test(security);
    // An ADR's description speaks of "the right to receive" its shares; only a preferred ADR is a derivative class.
    const derivative = adr
      ? /preferred|preference/i.test(security)
      : DERIVATIVE_RE.test(security) && !COMMON_UNITS_RE.test(security);
    if (!etf && derivative) continue;
    const exchange = exchangeCol < 0 ? 'NASDAQ' : EXCHANGES[(r[exchangeCol] ?? '').trim()];
    if (exchange === undefined) continue;
    const company = companyCol >= 0 ? (r[companyCol] ?? '').trim() : '';
    listings.push({
      symbol,
      // The copies' Company Name column is cut at hyphens ("Coca"), so it is used only when the security name starts with it.
      name: etf
        ? security
        : issuerName(
            company !== '' && (security === company || security.startsWith(`${company} `)) ? company : security,
          ),
      exchange,
      type: etf ? 'etf' : adr ? 'adr' : 'stock',
    });
  }
  return listings;
}

/** Both directory files as one list, one row per symbol (NASDAQ's file first), sorted by symbol. */
export function mergeListings(...lists: Listing[][]): Listing[] {
  const bySymbol = new Map<string, Listing>();
  for (const list of lists) for (const l of list) if (!bySymbol.has(l.symbol)) bySymbol.set(l.symbol, l);
  return [...bySymbol.values()].sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));
}
