import { COMMON_WORDS } from './commonWords';

/** What the extractor needs from a universe row (core/tickers/universe.csv). */
export interface TickerUniverseEntry {
  symbol: string;
  name?: string;
  /** Lower-case alternative names ("tesla", "berkshire hathaway"). */
  aliases: readonly string[];
}

export interface TickerExtractorDeps {
  universe: readonly TickerUniverseEntry[];
  /** Symbols that are also words or jargon: they count only as $cashtags. */
  ambiguous: Iterable<string>;
}

export interface TickerExtractor {
  /** Unique symbols mentioned in `text`, in order of first appearance. */
  extract(text: string): string[];
}

/**
 * Extraction rules (documented in the README; every rule has a unit test in signal.test.ts):
 *
 * 1. Cashtags: `$` + 1–5 letters, optionally a class suffix (`$BRK.B`, `$BRK-B`, `$BRK/B` → BRK.B),
 *    case-insensitive (`$tsla`), count when the symbol is in the universe, ambiguous or not.
 *    `$5`, `$100k`, `$0.485` are money. A `$` glued to a word (`US$TSLA`) is not a cashtag.
 * 2. Bare upper-case symbols (`TSLA`, `#TSLA`, `TSLA's`, `BRK.B`, `NVDA/AMD`) count when the symbol
 *    is in the universe and not in the ambiguous list, and the word stands alone: not part of a longer
 *    word (`TSLAQ`, `F-150`, `AMD-based`, `AMD.com`), not a handle (`@TSLA`), not a subreddit
 *    (`r/NVDA`), not inside a URL (URLs are removed first). A missing space after a full stop is
 *    forgiven (`NVDA.Then AMD` → NVDA, AMD).
 * 3. Shouting: in a post where ≥ 4 words are upper case and they are ≥ 60 % of its words, upper case
 *    carries no information, so a bare symbol must also not be an everyday English word
 *    (commonWords.ts: "UPS AND DOWNS" is not UPS; "TSLA TO THE MOON" is TSLA).
 * 4. Lower/Title-case symbols (`nvda`, `Roku`) count only if ≥ 4 letters, not ambiguous and not an
 *    everyday word (so `smh`, `ups`, `spy` are never tickers; `$spy` is).
 * 5. Company names: each universe alias matches case-insensitively as a whole word or phrase
 *    ("nvidia", "Berkshire Hathaway", "Tesla's", "TESLA"), longest alias first. An alias made only of
 *    everyday words ("apple", "oracle", "five below", "on running", "jack in the box") must be
 *    capitalised in the post: its first word and every word of 4+ letters ("Apple", "Five Below",
 *    "Jack in the Box"). An alias shared by two symbols belongs to the first listed.
 * 6. A symbol mentioned several times, or by cashtag and by name, counts once; order of first
 *    appearance.
 */
export function createTickerExtractor(deps: TickerExtractorDeps): TickerExtractor {
  const ambiguous = new Set<string>();
  for (const s of deps.ambiguous) ambiguous.add(s.trim().toUpperCase());

  const symbols = new Set<string>();
  const bareSymbols = new Set<string>();
  const lowerSymbols = new Map<string, string>();
  for (const row of deps.universe) {
    const symbol = row.symbol.trim().toUpperCase();
    if (symbol === '') continue;
    symbols.add(symbol);
    if (ambiguous.has(symbol)) continue;
    bareSymbols.add(symbol);
    const lower = symbol.toLowerCase();
    if (/^[a-z]{4,}$/.test(lower) && !COMMON_WORDS.has(lower)) lowerSymbols.set(lower, symbol);
  }

  const aliasIndex = buildAliasIndex(deps.universe);

  // Per-call scratch arrays, reused so that extraction allocates almost nothing per token.
  const tPos: number[] = [];
  const tLower: string[] = [];
  const tBase: string[] = [];
  const tOrigBase: string[] = [];
  const tUpper: boolean[] = [];
  const tCap: boolean[] = [];

  function extract(input: string): string[] {
    const text = input.includes('http') || input.includes('www.') ? input.replace(URL_RE, ' ') : input;
    const found = new Map<string, number>();
    const add = (symbol: string, pos: number) => {
      const prev = found.get(symbol);
      if (prev === undefined || pos < prev) found.set(symbol, pos);
    };

    // Rule 1: cashtags.
    if (text.includes('$')) {
      CASHTAG_RE.lastIndex = 0;
      for (let m = CASHTAG_RE.exec(text); m !== null; m = CASHTAG_RE.exec(text)) {
        const raw = m[1]!.toUpperCase().replace(/[/-]/, '.');
        if (symbols.has(raw)) add(raw, m.index);
        else {
          const dot = raw.indexOf('.');
          if (dot > 0 && symbols.has(raw.slice(0, dot))) add(raw.slice(0, dot), m.index);
        }
      }
    }

    // Tokenise once for rules 2–5.
    let n = 0;
    let alphaWords = 0;
    let upperWords = 0;
    WORD_RE.lastIndex = 0;
    for (let m = WORD_RE.exec(text); m !== null; m = WORD_RE.exec(text)) {
      const start = m.index;
      const prev = start > 0 ? text.charCodeAt(start - 1) : 32;
      if (prev === 36 /* $ */ || prev === 64 /* @ */) continue;
      if (prev === 47 /* / */ && isRedditPrefix(text, start)) continue;
      const orig = m[0];
      const lower = orig.toLowerCase().replace(CURLY_APOSTROPHE, "'");
      const possessive = lower.endsWith("'s");
      const base = possessive ? lower.slice(0, -2) : lower;
      const origBase = possessive ? orig.slice(0, -2) : orig;
      const hasLetter = origBase !== base || /[a-z]/.test(base);
      const upper = hasLetter && origBase === origBase.toUpperCase();
      if (hasLetter && base.length >= 2) {
        alphaWords++;
        if (upper) upperWords++;
      }
      const c0 = orig.charCodeAt(0);
      tPos[n] = start;
      tLower[n] = lower;
      tBase[n] = base;
      tOrigBase[n] = origBase;
      tUpper[n] = upper;
      tCap[n] = c0 >= 65 && c0 <= 90;
      n++;
    }
    const shouting = upperWords >= 4 && upperWords >= 0.6 * alphaWords;

    for (let i = 0; i < n; i++) {
      // Rule 5: aliases, longest first.
      const matched = matchAlias(i, n);
      if (matched > 0) {
        i += matched - 1;
        continue;
      }
      const sym = tOrigBase[i]!;
      if (tUpper[i] && bareSymbols.has(sym)) {
        // Rules 2 and 3: bare upper-case symbols.
        if (!shouting || !COMMON_WORDS.has(tBase[i]!)) add(sym, tPos[i]!);
      } else if (sym.includes('.')) {
        // A missing space after a full stop ("NVDA.Then", "NVDA.AMD"), but not a domain ("AMD.com"):
        // every piece must start with a capital.
        const pieces = sym.split('.');
        if (pieces.every((p) => p.charCodeAt(0) >= 65 && p.charCodeAt(0) <= 90)) {
          for (const piece of pieces) {
            if (bareSymbols.has(piece) && (!shouting || !COMMON_WORDS.has(piece.toLowerCase()))) add(piece, tPos[i]!);
          }
        }
      } else if (!tUpper[i]) {
        // Rule 4: lower/Title-case symbols.
        const sym = lowerSymbols.get(tBase[i]!);
        if (sym !== undefined) add(sym, tPos[i]!);
      }
    }

    if (found.size === 0) return [];
    if (found.size === 1) return [...found.keys()];
    return [...found.entries()].sort((a, b) => a[1] - b[1]).map((e) => e[0]);

    function matchAlias(i: number, count: number): number {
      const exact = aliasIndex.get(tLower[i]!);
      if (exact !== undefined) {
        for (const entry of exact) {
          if (aliasMatchesAt(entry, i, count)) {
            add(entry.symbol, tPos[i]!);
            return entry.tokens.length;
          }
        }
      }
      if (tBase[i] !== tLower[i]) {
        const viaBase = aliasIndex.get(tBase[i]!);
        if (viaBase !== undefined) {
          for (const entry of viaBase) {
            if (entry.tokens.length === 1 && (!entry.needsCaps || tCap[i])) {
              add(entry.symbol, tPos[i]!);
              return 1;
            }
          }
        }
      }
      return 0;
    }
  }

  function aliasMatchesAt(entry: AliasEntry, i: number, count: number): boolean {
    const toks = entry.tokens;
    const len = toks.length;
    if (i + len > count) return false;
    for (let j = 1; j < len; j++) {
      const k = i + j;
      if (tLower[k] !== toks[j] && !(j === len - 1 && tBase[k] === toks[j])) return false;
    }
    if (entry.needsCaps) {
      // "Apple", "Five Below", "Jack in the Box": the first word and every word of 4+ letters.
      for (let j = 0; j < len; j++) if (!tCap[i + j] && (j === 0 || toks[j]!.length >= 4)) return false;
    }
    return true;
  }

  return { extract };
}

interface AliasEntry {
  symbol: string;
  tokens: string[];
  /** Every token is an everyday word: the post must capitalise the first and every 4+-letter one. */
  needsCaps: boolean;
}

// `(?<![\w$])`: "US$TSLA" and "$$TSLA" are not cashtags; the lookahead keeps "$AAPL5"/"$TSLAQ1" out.
const CASHTAG_RE = /(?<![A-Za-z0-9_$])\$([A-Za-z]{1,5}(?:[./-][A-Za-z]{1,2})?)(?![A-Za-z0-9_])/g;
// Words: letters, digits and "&", joined by apostrophes, dots or hyphens ("AT&T", "coca-cola", "BRK.B", "tesla's").
const WORD_RE = /[A-Za-z0-9&]+(?:['’.-][A-Za-z0-9&]+)*/g;
const URL_RE = /(?:\bhttps?:\/\/|\bwww\.)\S+/gi;
const CURLY_APOSTROPHE = /’/g;

/** "r/wallstreetbets", "u/someone": a subreddit or user name, not a word of the post. */
function isRedditPrefix(text: string, start: number): boolean {
  if (start < 2) return false;
  const c = text[start - 2];
  if (c !== 'r' && c !== 'u' && c !== 'R' && c !== 'U') return false;
  return start === 2 || /\s/.test(text[start - 3]!);
}

function tokenizeAlias(alias: string): string[] {
  return alias.toLowerCase().replace(CURLY_APOSTROPHE, "'").match(WORD_RE) ?? [];
}

function buildAliasIndex(universe: readonly TickerUniverseEntry[]): Map<string, AliasEntry[]> {
  const index = new Map<string, AliasEntry[]>();
  const seen = new Set<string>();
  for (const row of universe) {
    const symbol = row.symbol.trim().toUpperCase();
    for (const alias of row.aliases) {
      const tokens = tokenizeAlias(alias);
      if (tokens.length === 0) continue;
      const key = tokens.join(' ');
      if (seen.has(key)) continue; // first listed symbol owns a shared alias
      seen.add(key);
      const needsCaps = tokens.every((t) => COMMON_WORDS.has(t));
      const list = index.get(tokens[0]!) ?? [];
      list.push({ symbol, tokens, needsCaps });
      index.set(tokens[0]!, list);
    }
  }
  for (const list of index.values()) list.sort((a, b) => b.tokens.length - a.tokens.length);
  return index;
}
