import type { Listing } from './listings';

/**
 * How a symbol may be written and still count as a mention (the `bare` column of universe.csv):
 * - `no`: only as a cashtag (`$ON`, `$IT`): the symbol is a single letter, an everyday word, or is written as a word more
 *   often than as a cashtag;
 * - `upper`: also as a bare upper-case word (`DIS`, `KO`) in a post with market context;
 * - `any`: the symbol is discussed (cashtagged in real posts) and is no word at all: a bare upper-case `NVDA` counts in any
 *   post, and a lower or title-case `nvda`, `Roku` (4+ letters) in a post with market context.
 */
export const bareUses = ['no', 'upper', 'any'] as const;
export type BareUse = (typeof bareUses)[number];

/** Per-symbol evidence from a corpus of real posts: times written `$SYM`, and times written `SYM` as an upper-case word. */
export interface SymbolEvidence {
  cashtags: number;
  bare: number;
}

/** A word said at least this often per 51 million words of spoken English (≈ 2 per million) is an everyday word. */
export const EVERYDAY_WORD_COUNT = 100;
/** Said this often (≈ 0.4 per million), a one-word company alias is a word people use for the thing too ("tesla", "nike"). */
export const SPOKEN_NAME_COUNT = 20;
/** Said this often, a word is so common that no amount of cashtag use makes its bare upper-case form safe (ALL, NOW, CAN). */
const VERY_COMMON_WORD_COUNT = 1_000;
/** Cashtagged this often, a symbol is discussed: its corpus evidence counts. */
const DISCUSSED = 5;

/**
 * Decides a symbol's bare use from data: `wordCount` is how often its lower-case form is said in spoken English (SUBTLEX-US),
 * `evidence` how it is written in real posts (undefined when no corpus is at hand, as in the daily refresh).
 */
export function bareUseOf(symbol: string, wordCount: number, evidence: SymbolEvidence | undefined): BareUse {
  const letters = symbol.replace(/\..*$/, '');
  if (letters.length === 1 || wordCount >= VERY_COMMON_WORD_COUNT) return 'no';
  const cashtags = evidence?.cashtags ?? 0;
  const bare = evidence?.bare ?? 0;
  if (bare >= 3 && bare > cashtags) return 'no';
  if (cashtags < DISCUSSED && (letters.length === 2 || wordCount >= EVERYDAY_WORD_COUNT)) return 'no';
  if (letters.length >= 3 && wordCount < 5 && cashtags >= DISCUSSED && bare <= cashtags) return 'any';
  return 'upper';
}

const LEGAL_SUFFIX_RE =
  /[,\s]+(inc|incorporated|corp|corporation|co|company|companies|ltd|limited|plc|p\.l\.c|n\.v|s\.a|s\.e|se|ag|sa|nv|l\.p|lp|llc|holdings?|group|the|class [a-z]|ordinary shares|ads|adr)\.?$/i;

/** The name people write: legal suffixes dropped ("Palantir Technologies Inc." → "Palantir Technologies", "Snap Inc." → "Snap"). */
export function shortName(name: string): string {
  let s = name.replace(/\s*\([^)]*\)\s*/g, ' ').trim();
  for (let prev = ''; prev !== s;) {
    prev = s;
    s = s.replace(LEGAL_SUFFIX_RE, '').trim();
  }
  s = s.replace(/^the\s+/i, '');
  return s === '' ? name.trim() : s;
}

export interface AliasEvidence {
  /** How often a lower-case word is said in spoken English. */
  wordCount(word: string): number;
  /** How often a lower-case word appears in the corpus of real posts. */
  postWordCount(word: string): number;
  /** How often the symbol is cashtagged in that corpus. */
  cashtags(symbol: string): number;
  /** How many listed companies' short names start with this word ("grupo", "first", "american"). */
  nameStarts(word: string): number;
}

const WORD_RE = /^[a-z][a-z0-9&'.-]*$/;

/**
 * Company-name aliases for a stock or ADR that has no curated ones: its short name when it is distinctive (not made of
 * everyday words), and the short name's first word when the company is discussed (cashtagged in real posts) and that word
 * is no word of spoken English, is at least 5 letters, and is written in posts no more often than the company is
 * cashtagged ("bitcoin" stays out: posts say it far more than they cashtag any "Bitcoin …" company). A first word of an
 * undiscussed company is more often a place or a person ("Essex", "Howard", "Malibu") than the company. ETFs get none:
 * nobody writes a fund's name.
 */
export function derivedAliases(listing: Listing, evidence: AliasEvidence): string[] {
  if (listing.type === 'etf') return [];
  const short = shortName(listing.name).toLowerCase();
  const words = short.split(/\s+/).filter((w) => w !== '');
  if (words.length === 0 || !words.every((w) => WORD_RE.test(w))) return [];
  const aliases: string[] = [];
  const cashtags = evidence.cashtags(listing.symbol);
  const distinctive = (w: string) =>
    cashtags >= DISCUSSED &&
    w.length >= 5 &&
    evidence.wordCount(w) === 0 &&
    evidence.postWordCount(w) <= cashtags &&
    evidence.nameStarts(w) === 1;
  if (words.length === 1) {
    if (distinctive(words[0]!)) aliases.push(words[0]!);
    return aliases;
  }
  if (!words.every((w) => evidence.wordCount(w) >= EVERYDAY_WORD_COUNT)) aliases.push(short);
  if (distinctive(words[0]!)) aliases.push(words[0]!);
  return aliases;
}
