import { replaceUrls } from '../../core/text/replaceUrls';
import { CRYPTO_SYMBOLS } from '../../core/tickers/cryptoSymbols';
import { EVERYDAY_WORDS, SPOKEN_NAMES } from '../../core/tickers/everydayWords';
import type { BareUse } from '../../core/tickers/symbolUsage';
import { COMMON_WORDS } from './commonWords';
import { EVERYDAY_NAMES, PAYMENT_METHODS } from './everydayNames';
import { hasMarketSign, MARKET_PHRASES, MARKET_WORDS } from './marketContext';

/** What the extractor needs from a universe row (core/tickers/universe.csv). */
export interface TickerUniverseEntry {
  symbol: string;
  name?: string;
  /** Lower-case alternative names ("tesla", "berkshire hathaway"). */
  aliases: readonly string[];
  /** How the symbol may be written without a `$` (core/tickers/symbolUsage.ts); `upper` when not given. */
  bare?: BareUse;
}

/** A symbol a company no longer trades under (FB), and the one it trades under now (META), or null when it is gone (TWTR). */
export interface FormerSymbol {
  symbol: string;
  successor: string | null;
}

export interface TickerExtractorDeps {
  universe: readonly TickerUniverseEntry[];
  /** The admin's override list: symbols that count only as $cashtags, whatever the data say. */
  ambiguous: Iterable<string>;
  /** Renames and delistings: a former symbol counts for its successor. */
  formerSymbols?: readonly FormerSymbol[];
}

const isEverydayWord = (w: string) => COMMON_WORDS.has(w) || EVERYDAY_WORDS.has(w);

/** Follows renames (HCP → PEAK → DOC) to a listed symbol; null when the chain ends in a delisting or loops. */
function successorMap(formerSymbols: readonly FormerSymbol[], listed: ReadonlySet<string>): Map<string, string | null> {
  const next = new Map(
    formerSymbols.map((f) => [f.symbol.trim().toUpperCase(), f.successor?.trim().toUpperCase() || null]),
  );
  const resolved = new Map<string, string | null>();
  for (const start of next.keys()) {
    let at: string | null = start;
    const seen = new Set<string>();
    while (at !== null && next.has(at) && !seen.has(at)) {
      seen.add(at);
      at = next.get(at)!;
    }
    resolved.set(start, at !== null && !next.has(at) && listed.has(at) ? at : null);
  }
  return resolved;
}

export interface TickerExtractor {
  /** Unique symbols mentioned in `text`, in order of first appearance. */
  extract(text: string): string[];
}

/**
 * Extraction rules (documented in docs/signal.md; every rule has a unit test in tickerExtractor.test.ts):
 *
 * 1. Cashtags: `$` + 1–5 letters, optionally a class suffix (`$BRK.B`, `$BRK-B`, `$BRK/B` → BRK.B),
 *    case-insensitive (`$tsla`), count when the symbol is listed, ambiguous or not, and is no crypto asset
 *    (`$BTC`, `$DOGE`). A former symbol counts for its successor (`$FB` → META); one without a listed successor
 *    (`$TWTR`) not at all. `$5`, `$100k`, `$0.485` are money. A `$` glued to a word (`US$TSLA`) is not a cashtag.
 *    An exchange prefix (`NYSE:BA`, `NASDAQ: AAPL`) counts like a cashtag; the exchange itself (`AMEX:`) is no company.
 * 2. Market context: a cashtag or a market sign gives it to the whole post, a market word or phrase (marketContext.ts:
 *    "earnings", "dead money", "raising prices", "annual meeting") to the words within CONTEXT_WINDOW tokens. Rules 3–6
 *    need it, except for symbols whose `bare` use is `any` and names that are no everyday word or name. Such a mention
 *    (not a name of everyday words, "Five Below", though rule 6 lets that count alone) gives context to every name and
 *    lower-case symbol in its post ("AMD is going to eat Intel's lunch", "Sold my Tesla and bought Nvidia"), but to a
 *    bare upper-case symbol only in a list of bare symbols ("NVDA, AMD, AVGO"; not "Microsoft's JEDI contract").
 *    Without context, "tired of the meta", "a girl on snapchat" and "PayPal ✅" name nothing.
 * 3. Bare upper-case symbols (`TSLA`, `#TSLA`, `TSLA's`, `BRK.B`, `NVDA/AMD`) count when the data allow it (`bare` is
 *    `upper` or `any`, core/tickers/symbolUsage.ts), the symbol is not on the admin's ambiguity list, and the word
 *    stands alone: not part of a longer word (`TSLAQ`, `F-150`, `AMD-based`, `AMD.com`), not a handle (`@TSLA`), not a
 *    subreddit (`r/NVDA`), not inside a URL (URLs are removed first). A missing space after a full stop is forgiven
 *    (`NVDA.Then AMD` → NVDA, AMD).
 * 4. Shouting: in a post where ≥ 4 words are upper case and they are ≥ 60 % of its words, upper case
 *    carries no information, so a bare symbol must also not be an everyday English word
 *    ("UPS AND DOWNS" is not UPS; "TSLA TO THE MOON" is TSLA).
 * 5. Lower/Title-case symbols (`nvda`, `Roku`) count only when `bare` is `any` (discussed, no word) and they have 4+
 *    letters, and not when cut off by an ellipsis (a retweet truncated at "Do you expe…") or written as an acronym's
 *    plural ("CDNs" is no CDNS). Right after "bought more" (or buying, added, adding, sold, selling + "more") one
 *    counts without market context: "bought more nvda today".
 * 6. Company names: each universe alias matches case-insensitively as a whole word or phrase
 *    ("nvidia", "Berkshire Hathaway", "Tesla's", "TESLA"), longest alias first. An alias made only of
 *    everyday words ("apple", "oracle", "five below", "on running", "jack in the box") must be
 *    capitalised in the post: its first word and every word of 4+ letters ("Apple", "Five Below",
 *    "Jack in the Box"). One everyday or spoken word ("Apple", "Tesla") or only everyday service names
 *    ("snapchat", "paypal") need market context. An alias shared by two symbols belongs to the first listed.
 *    A payment method named after a company ("Apple Pay", "Google Pay": everydayNames.ts) names no company.
 * 7. A symbol mentioned several times, or by cashtag and by name, counts once; order of first
 *    appearance.
 */
export function createTickerExtractor(deps: TickerExtractorDeps): TickerExtractor {
  const ambiguous = new Set<string>();
  for (const s of deps.ambiguous) ambiguous.add(s.trim().toUpperCase());

  const symbols = new Set<string>();
  /** Bare upper-case symbol → the symbol it counts for, and whether it counts without market context. */
  const bareSymbols = new Map<string, { symbol: string; free: boolean }>();
  const lowerSymbols = new Map<string, string>();
  for (const row of deps.universe) {
    const symbol = row.symbol.trim().toUpperCase();
    if (symbol === '') continue;
    symbols.add(symbol);
    const bare = row.bare ?? 'upper';
    if (bare === 'no' || ambiguous.has(symbol) || CRYPTO_SYMBOLS.has(symbol)) continue;
    bareSymbols.set(symbol, { symbol, free: bare === 'any' });
    const lower = symbol.toLowerCase();
    if (bare === 'any' && /^[a-z]{4,}$/.test(lower) && !isEverydayWord(lower)) lowerSymbols.set(lower, symbol);
  }
  const successors = successorMap(deps.formerSymbols ?? [], symbols);
  for (const [former, successor] of successors) {
    bareSymbols.delete(former);
    // A bare former symbol ("PCLN") counts for its successor when it is no word and not on the admin's list.
    if (successor !== null && former.length >= 3 && !ambiguous.has(former) && !isEverydayWord(former.toLowerCase())) {
      bareSymbols.set(former, { symbol: successor, free: false });
    }
  }
  /** The listed symbol a cashtag names, after renames; undefined for crypto, delisted or unknown symbols. */
  const resolve = (symbol: string): string | undefined => {
    if (CRYPTO_SYMBOLS.has(symbol)) return undefined;
    const successor = successors.get(symbol);
    if (successor !== undefined) return successor ?? undefined;
    return symbols.has(symbol) ? symbol : undefined;
  };

  const aliasIndex = buildAliasIndex(deps.universe);

  // Per-call scratch arrays, reused so that extraction allocates almost nothing per token.
  const tPos: number[] = [];
  const tLower: string[] = [];
  const tBase: string[] = [];
  const tOrigBase: string[] = [];
  const tUpper: boolean[] = [];
  const tCap: boolean[] = [];
  /** Indices of the tokens that are market words. */
  const tContext: number[] = [];

  function extract(input: string): string[] {
    const text = replaceUrls(input, ' ');
    const found = new Map<string, number>();
    const add = (symbol: string, pos: number) => {
      const prev = found.get(symbol);
      if (prev === undefined || pos < prev) found.set(symbol, pos);
    };

    // Rule 1: cashtags, and symbols behind an exchange prefix. A cashtag of a listed symbol or a coin is market context;
    // one of a currency ("$SGD" in a merchandise sale) is not.
    let context = false;
    const cashtag = (raw: string, pos: number) => {
      const dot = raw.indexOf('.');
      const symbol = resolve(raw) ?? (dot > 0 ? resolve(raw.slice(0, dot)) : undefined);
      if (symbol !== undefined) add(symbol, pos);
      if (symbol !== undefined || CRYPTO_SYMBOLS.has(raw)) context = true;
    };
    if (text.includes('$')) {
      CASHTAG_RE.lastIndex = 0;
      for (let m = CASHTAG_RE.exec(text); m !== null; m = CASHTAG_RE.exec(text))
        cashtag(m[1]!.toUpperCase().replace(/[/-]/, '.'), m.index);
    }
    if (text.includes(':')) {
      EXCHANGE_PREFIX_RE.lastIndex = 0;
      for (let m = EXCHANGE_PREFIX_RE.exec(text); m !== null; m = EXCHANGE_PREFIX_RE.exec(text))
        cashtag(m[1]!.replace('-', '.'), m.index);
    }

    // Tokenise once for rules 2–5.
    let n = 0;
    let nContext = 0;
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
      const after = start + orig.length;
      const next = text.charCodeAt(after);
      // "AMEX:" is the exchange; "Do you expe…" is a word cut off by a truncated retweet.
      if (next === 58 /* : */ && EXCHANGES.has(orig.toUpperCase())) continue;
      if (!upper && (next === 0x2026 /* … */ || text.startsWith('...', after))) continue;
      tLower[n] = lower;
      tBase[n] = base;
      if (MARKET_WORDS.has(base) || (MARKET_PHRASES.has(base) && endsMarketPhrase(n))) tContext[nContext++] = n;
      tPos[n] = start;
      tOrigBase[n] = origBase;
      tUpper[n] = upper;
      tCap[n] = c0 >= 65 && c0 <= 90;
      n++;
    }
    const shouting = upperWords >= 4 && upperWords >= 0.6 * alphaWords;
    // A cashtag or a market sign sets the context of the whole post; a market word only that of the words near it, so a
    // long video description that mentions a "portfolio" once does not make every brand in it a stock.
    if (!context && nContext === 0) context = hasMarketSign(text);
    // Rule 2: a mention that needs no context (a bare symbol whose use is `any`, a name that is no everyday word or name)
    // shows that the post talks about companies, so it gives context to every name and lower-case symbol in the post: the
    // post is read again when one of those went uncounted for want of context ("AMD is going to eat Intel's lunch", "Sold
    // my Tesla and bought Nvidia"). Not to bare upper-case symbols: beside a company in a headline they are more often
    // acronyms ("Microsoft's JEDI contract", "BBC News", "UAE stimulus"). Those count only in a list of two or more that
    // holds one that needs none ("NVDA, AMD, AVGO"); two that both need it ("WTS … WW shipping") are words.
    let free = false;
    let deferred = false;
    let byMention = false;
    let nextContext = 0;
    let near = false;
    let nameNear = false;
    const contextNear = (i: number): boolean => {
      if (context) return true;
      while (nextContext < nContext && tContext[nextContext]! < i - CONTEXT_WINDOW) nextContext++;
      return nextContext < nContext && tContext[nextContext]! <= i + CONTEXT_WINDOW;
    };
    const pending: Array<[string, number]> = [];
    const bareSeen = new Set<string>();
    const addBare = (bare: { symbol: string; free: boolean }, pos: number) => {
      bareSeen.add(bare.symbol);
      if (bare.free) free = true;
      if (near || bare.free) add(bare.symbol, pos);
      else pending.push([bare.symbol, pos]);
    };
    scan();
    if (deferred && free && !context) {
      byMention = true;
      scan();
    }
    if (pending.length > 0 && bareSeen.size >= 2 && bareSeen.size > new Set(pending.map((p) => p[0])).size) {
      for (const [symbol, pos] of pending) add(symbol, pos);
    }

    if (found.size === 0) return [];
    if (found.size === 1) return [...found.keys()];
    return [...found.entries()].sort((a, b) => a[1] - b[1]).map((e) => e[0]);

    function scan(): void {
      for (let i = 0; i < n; i++) {
        near = contextNear(i);
        nameNear = near || byMention;
        // Rule 6: aliases, longest first.
        const matched = matchAlias(i, n);
        if (matched > 0) {
          i += matched - 1;
          continue;
        }
        const sym = tOrigBase[i]!;
        const bareSymbol = tUpper[i] ? bareSymbols.get(sym) : undefined;
        if (bareSymbol !== undefined) {
          // Rules 3 and 4: bare upper-case symbols.
          if (!shouting || !isEverydayWord(tBase[i]!)) addBare(bareSymbol, tPos[i]!);
        } else if (sym.includes('.')) {
          // A missing space after a full stop ("NVDA.Then", "NVDA.AMD"), but not a domain ("AMD.com"):
          // every piece must start with a capital.
          const pieces = sym.split('.');
          if (pieces.every((p) => p.charCodeAt(0) >= 65 && p.charCodeAt(0) <= 90)) {
            for (const piece of pieces) {
              const pieceSymbol = bareSymbols.get(piece);
              if (pieceSymbol !== undefined && (!shouting || !isEverydayWord(piece.toLowerCase())))
                addBare(pieceSymbol, tPos[i]!);
            }
          }
        } else if (!tUpper[i]) {
          // Rule 5: lower/Title-case symbols ("nvda", "Roku", "eBay"; not an acronym's plural, "CDNs").
          const sym = lowerSymbols.get(tBase[i]!);
          if (sym !== undefined && !ACRONYM_PLURAL_RE.test(tOrigBase[i]!)) {
            if (nameNear || (i >= 2 && tBase[i - 1] === 'more' && HOLDING_VERBS.has(tBase[i - 2]!))) add(sym, tPos[i]!);
            else deferred = true;
          }
        }
      }
    }

    function matchAlias(i: number, count: number): number {
      const exact = aliasIndex.get(tLower[i]!);
      if (exact !== undefined) {
        for (const entry of exact) {
          if (aliasMatchesAt(entry, i, count) && takeAlias(entry, i)) return entry.tokens.length;
        }
      }
      if (tBase[i] !== tLower[i]) {
        const viaBase = aliasIndex.get(tBase[i]!);
        if (viaBase !== undefined) {
          for (const entry of viaBase) {
            if (entry.tokens.length === 1 && (!entry.needsCaps || tCap[i]) && takeAlias(entry, i)) return 1;
          }
        }
      }
      return 0;
    }

    /** Counts an alias found at token i, unless it needs context the post lacks there; a payment method ("Apple Pay") counts for nothing. */
    function takeAlias(entry: AliasEntry, i: number): boolean {
      if (entry.weak && !nameNear) {
        deferred = true;
        return false;
      }
      if (entry.symbol !== '') add(entry.symbol, tPos[i]!);
      if (entry.free) free = true;
      return true;
    }
  }

  /** True when token n ends a market phrase ("dead money", "raising prices"), its earlier words the tokens before it. */
  function endsMarketPhrase(n: number): boolean {
    for (const words of MARKET_PHRASES.get(tBase[n]!)!) {
      const first = n - words.length + 1;
      if (first < 0) continue;
      let j = 0;
      while (j < words.length - 1 && tBase[first + j] === words[j]) j++;
      if (j === words.length - 1) return true;
    }
    return false;
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
  /** '' for a payment method that carries a company's name ("Apple Pay"): it names no company. */
  symbol: string;
  tokens: string[];
  /** Every token is an everyday word: the post must capitalise the first and every 4+-letter one. */
  needsCaps: boolean;
  /** One everyday or spoken word ("Apple", "Target", "Tesla", "Nike") or only names of everyday services ("snapchat", "paypal"): needs market context. */
  weak: boolean;
  /** Neither weak nor made of everyday words ("Nvidia", "Berkshire Hathaway"): gives market context to every name and lower-case symbol of its post (rule 2). */
  free: boolean;
}

// `(?<![\w$])`: "US$TSLA" and "$$TSLA" are not cashtags; the lookahead keeps "$AAPL5"/"$TSLAQ1" out.
const CASHTAG_RE = /(?<![A-Za-z0-9_$])\$([A-Za-z]{1,5}(?:[./-][A-Za-z]{1,2})?)(?![A-Za-z0-9_])/g;
/** A market word gives context to the words this many tokens before and after it (about a sentence). */
const CONTEXT_WINDOW = 15;
// "NYSE:BA", "NASDAQ: AAPL", "NYSEARCA:SPY": a symbol behind an exchange prefix.
const EXCHANGE_PREFIX_RE =
  /\b(?:NYSE|NASDAQ|AMEX|NYSEARCA|NYSEAMERICAN|ARCA|BATS|CBOE)\s?:\s?\$?([A-Z]{1,5}(?:[.-][A-Z])?)\b/g;
const EXCHANGES: ReadonlySet<string> = new Set([
  'NYSE',
  'NASDAQ',
  'AMEX',
  'NYSEARCA',
  'NYSEAMERICAN',
  'ARCA',
  'BATS',
  'CBOE',
  'OTC',
  'TSX',
  'LSE',
]);
// Words: letters, digits and "&", joined by apostrophes, dots or hyphens ("AT&T", "coca-cola", "BRK.B", "tesla's").
const WORD_RE = /[A-Za-z0-9&]+(?:['’.-][A-Za-z0-9&]+)*/g;
const CURLY_APOSTROPHE = /’/g;
/** "bought more nvda": a lower-case symbol right after one of these and "more" is a holding, market context or not. */
const HOLDING_VERBS: ReadonlySet<string> = new Set(['bought', 'buying', 'added', 'adding', 'sold', 'selling']);
/** The plural of an upper-case acronym ("CDNs", "CTAs"): no lower-case symbol. */
const ACRONYM_PLURAL_RE = /^[A-Z]{2,}s$/;

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
      const needsCaps = tokens.every(isEverydayWord);
      const weak =
        (tokens.length === 1 && (needsCaps || SPOKEN_NAMES.has(tokens[0]!))) ||
        tokens.every((t) => EVERYDAY_NAMES.has(t));
      const list = index.get(tokens[0]!) ?? [];
      list.push({ symbol, tokens, needsCaps, weak, free: !weak && !needsCaps });
      index.set(tokens[0]!, list);
    }
  }
  for (const name of PAYMENT_METHODS) {
    const tokens = tokenizeAlias(name);
    const list = index.get(tokens[0]!) ?? [];
    list.push({ symbol: '', tokens, needsCaps: false, weak: false, free: false });
    index.set(tokens[0]!, list);
  }
  for (const list of index.values()) list.sort((a, b) => b.tokens.length - a.tokens.length);
  return index;
}
