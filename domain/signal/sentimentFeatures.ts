/**
 * The features the learned sentiment model reads from a post: hashed word unigrams and bigrams, hashed
 * character 3–5-grams, and the lexicon scorer's compound and decision as dense features. Training and scoring both
 * call `postFeatures`, so the model never sees text prepared differently from what it was trained on.
 *
 * The text is normalised so that the model learns language rather than tickers or price levels: URLs,
 * cashtags, @handles, money amounts, percentages and numbers become placeholder tokens; emoji stay as
 * tokens of their own. Words after a negator (up to the end of the clause, at most three) carry a
 * `neg_` mark, so "not bullish" and "bullish" are different features.
 */

import { replaceUrls } from '../../core/text/replaceUrls';

const CASHTAG_RE = /\$[A-Za-z][A-Za-z0-9]{0,9}(?:[.\-/][A-Za-z]{1,2})?\b/g;
const MONEY_RE = /[$€£]\s?\d[\d,]*(?:\.\d+)?\s?[kmb]?\b/gi;
const PCT_RE = /[+-]?\d[\d,]*(?:\.\d+)?\s?%/g;
const HANDLE_RE = /@\w+/g;
const NUM_RE = /\b\d[\d,]*(?:\.\d+)?(?:k|m|b)?\b/gi;
const EMOJI_RE = /\p{Extended_Pictographic}/gu;
/** Variation selectors, joiners and skin tones carry no meaning of their own. */
const EMOJI_NOISE_RE = /\u{fe0f}|\u{200d}|\p{Emoji_Modifier}/gu;
// Latin-script words only: the model was trained on English posts and has nothing to say about words
// in other scripts, so a post written entirely in them has no features and comes back neutral.
const TOKEN_RE = /<[a-z]+>|[\p{Script=Latin}\p{N}'’_]+|\p{Extended_Pictographic}|[!?]/gu;

const NEGATORS = new Set([
  'not',
  'no',
  'never',
  'nor',
  'none',
  'nobody',
  'nothing',
  'nowhere',
  'neither',
  'without',
  'cannot',
  'nah',
  'nope',
  // Apostrophe-less spellings, as people type them.
  'dont',
  'didnt',
  'doesnt',
  'isnt',
  'wasnt',
  'cant',
  'wont',
  'arent',
  'werent',
  'shouldnt',
  'wouldnt',
  'couldnt',
  'aint',
]);
const NEGATION_REACH = 3;

/** Longest text the model reads: 100 kB posts are cut, not scored word by word (the first 2,000 characters carry the stance). */
export const MAX_CHARS = 2_000;

/** Lower-case text with placeholders, ready to tokenise (exported for tests). */
export function normalisePost(text: string): string {
  let t = text.length > MAX_CHARS ? text.slice(0, MAX_CHARS) : text;
  // Each pattern runs only when the character it needs is there: most posts have no URL, handle or money,
  // and scanning for them was a fifth of the time spent on a post.
  t = replaceUrls(t, ' <url> ');
  if (t.includes('$')) t = t.replace(CASHTAG_RE, ' <cashtag> ');
  if (/\d/.test(t)) {
    if (t.includes('$') || t.includes('€') || t.includes('£')) t = t.replace(MONEY_RE, ' <price> ');
    if (t.includes('%')) t = t.replace(PCT_RE, ' <pct> ');
  }
  if (t.includes('@')) t = t.replace(HANDLE_RE, ' <user> ');
  if (/\d/.test(t)) t = t.replace(NUM_RE, ' <num> ');
  // Placeholders (`<url>` …) survive lower-casing and tokenising as single words.
  if (/\P{ASCII}/u.test(t)) t = t.replace(EMOJI_NOISE_RE, '').replace(EMOJI_RE, ' $& ');
  return t.toLowerCase().replace(/’/g, "'");
}

/** Whether text[from, to) holds a clause-ending mark (. , ; : ! ?). */
function endsClause(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 46 || c === 44 || c === 59 || c === 58 || c === 33 || c === 63) return true;
  }
  return false;
}

/** Word tokens with negation marks; "!" and "?" are tokens (questions and exclamation carry signal). */
export function postTokens(normalised: string): string[] {
  const out: string[] = [];
  let reach = 0;
  let last = 0;
  TOKEN_RE.lastIndex = 0;
  for (let m = TOKEN_RE.exec(normalised); m !== null; m = TOKEN_RE.exec(normalised)) {
    // Negation stops at a clause boundary between the previous token and this one.
    if (reach > 0 && endsClause(normalised, last, m.index)) reach = 0;
    last = m.index + m[0].length;
    const tok = m[0];
    if (reach > 0 && tok !== '!' && tok !== '?') {
      out.push('neg_' + tok);
      reach--;
    } else out.push(tok);
    if (NEGATORS.has(tok) || tok.endsWith("n't")) reach = NEGATION_REACH;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Hashing (FNV-1a, 32 bit). Each feature kind starts from its own seed so a word and a character
// n-gram with the same letters land in different buckets.

const FNV_OFFSET = 0x811c9dc5;
const SEED_WORD = 0x9e3779b1;
const SEED_BIGRAM = 0x85ebca6b;
const SEED_CHAR = 0xc2b2ae35;
const SEED_CHAR_NEGATED = 0x27d4eb2f;

function fnv(seed: number, s: string): number {
  let h = (FNV_OFFSET ^ seed) >>> 0;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function mix(a: number, b: number): number {
  let h = Math.imul(a ^ SEED_BIGRAM, 0x01000193) ^ b;
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  return (h ^ (h >>> 12)) >>> 0;
}

export interface FeatureSpace {
  /** log2 of the number of hashed buckets. */
  hashBits: number;
  /** Dense features appended after the buckets (the lexicon scores). */
  dense: number;
}

/**
 * A post as the model sees it: bucket indices (repeats allowed, each counts once more), the value of
 * each, and the dense values. Word features and character features are each scaled to unit length
 * (1/√count), so long posts do not outweigh short ones and the many character n-grams do not drown
 * the words.
 */
export interface PostFeatures {
  indices: Uint32Array;
  values: Float64Array;
  dense: Float64Array;
}

/** The lexicon scorer's compound in [-1, 1] (domain/signal/sentiment.ts in production). */
export type LexiconScore = (text: string) => number;
/** Its positive part, its negative part (weighed separately), and its bullish and bearish decisions. */
export const DENSE_FEATURES = 4;

/**
 * Binary-looking text (control characters or U+FFFD replacement characters in more than one character
 * in twenty, e.g. a file pasted as a post or a broken encoding) is not language.
 */
export function looksBinary(text: string): boolean {
  const n = Math.min(text.length, MAX_CHARS);
  let odd = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13) || (c >= 0x7f && c <= 0x9f) || c === 0xfffd) odd++;
  }
  return odd * 20 > n;
}

/** Reusable buffers of one scorer, so scoring a post allocates next to nothing. */
export interface FeatureScratch {
  indices: Uint32Array;
  values: Float64Array;
  dense: Float64Array;
}

export function createFeatureScratch(dense: number, capacity = 8_192): FeatureScratch {
  return { indices: new Uint32Array(capacity), values: new Float64Array(capacity), dense: new Float64Array(dense) };
}

const WORD_START = fnv(SEED_WORD, '<s>');
const WORD_END = fnv(SEED_WORD, '</s>');

/**
 * The features of one post. With a scratch, the result views the scratch's buffers and is valid until
 * its next use (the analyser's path); without, it owns exact-size copies (training keeps them all).
 */
export function postFeatures(
  text: string,
  space: FeatureSpace,
  lexicon: LexiconScore,
  scratch?: FeatureScratch,
): PostFeatures {
  const buf = scratch ?? createFeatureScratch(space.dense, 0);
  const dense = buf.dense.fill(0);
  const none = (): PostFeatures => ({ indices: buf.indices.subarray(0, 0), values: buf.values.subarray(0, 0), dense });
  if (looksBinary(text)) return none();
  const clipped = text.length > MAX_CHARS ? text.slice(0, MAX_CHARS) : text;
  const normalised = normalisePost(clipped);
  const tokens = postTokens(normalised);
  // Punctuation alone ("...!!!???") says nothing.
  if (!tokens.some((t) => t !== '!' && t !== '?')) return none();

  // At most two word features per token and one more, and three character n-grams per character.
  let chars = 0;
  for (const tok of tokens) chars += tok.length + 2;
  const bound = 2 * tokens.length + 1 + 3 * chars;
  if (buf.indices.length < bound) {
    buf.indices = new Uint32Array(bound * 2);
    buf.values = new Float64Array(bound * 2);
  }
  const idx = buf.indices;
  const mask = (1 << space.hashBits) - 1;
  let n = 0;
  let prev = WORD_START;
  for (const tok of tokens) {
    const h = fnv(SEED_WORD, tok);
    idx[n++] = h & mask;
    idx[n++] = mix(prev, h) & mask;
    prev = h;
  }
  idx[n++] = mix(prev, WORD_END) & mask;
  const words = n;
  // Character 3–5-grams inside words (padded with a space), as scikit-learn's char_wb: robust to
  // misspellings, elongations ("soooo") and inflections the word features miss.
  // A negated word's n-grams are features of their own: "not bullish" must not read as "bullish".
  for (const tok of tokens) {
    const negated = tok.startsWith('neg_');
    const skip = negated ? 4 : 0;
    const seed = negated ? SEED_CHAR_NEGATED : SEED_CHAR;
    const len = tok.length - skip + 2;
    for (let i = 0; i + 3 <= len; i++) {
      let h = (FNV_OFFSET ^ seed) >>> 0;
      for (let k = 0; k < 5 && i + k < len; k++) {
        const pos = i + k;
        h = Math.imul(h ^ (pos === 0 || pos === len - 1 ? 32 : tok.charCodeAt(pos - 1 + skip)), 0x01000193);
        if (k >= 2) idx[n++] = (h >>> 0) & mask;
      }
    }
  }
  const compound = lexicon(clipped);
  dense[0] = compound > 0 ? compound : 0;
  dense[1] = compound < 0 ? -compound : 0;
  // The lexicon's own decision (its ±0.05 thresholds), which reads tweets and headlines well.
  dense[2] = compound >= 0.05 ? 1 : 0;
  dense[3] = compound <= -0.05 ? 1 : 0;
  const values = buf.values;
  values.fill(1 / Math.sqrt(words), 0, words);
  values.fill(1 / Math.sqrt(n - words), words, n);
  if (scratch) return { indices: idx.subarray(0, n), values: values.subarray(0, n), dense };
  return { indices: idx.slice(0, n), values: values.slice(0, n), dense: dense.slice() };
}
