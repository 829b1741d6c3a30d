import vader from 'vader-sentiment';
import { replaceUrls } from '../../core/text/replaceUrls';
import {
  CLAUSE_NEGATORS,
  CONVENTIONAL_CAPS,
  EXTRA_NEGATORS,
  FINANCE_BOOSTERS,
  FINANCE_LEXICON,
  QUESTION_STARTERS,
} from './financeLexicon';
import {
  VADER_BOOSTERS,
  VADER_IDIOMS,
  VADER_NEGATE,
  countChar,
  vaderCompound,
  vaderLexicon,
  type VaderRules,
} from './vaderEngine';

export type SentimentLabel = 'bullish' | 'bearish' | 'neutral';

export interface SentimentResult {
  label: SentimentLabel;
  /** VADER compound score in [-1, 1]. */
  compound: number;
}

/** Labels from design.md: bullish ≥ 0.05, bearish ≤ -0.05, neutral otherwise. */
export function labelForCompound(compound: number): SentimentLabel {
  if (compound >= 0.05) return 'bullish';
  if (compound <= -0.05) return 'bearish';
  return 'neutral';
}

/** Unextended VADER, straight from the `vader-sentiment` package, with the same labelling. */
export function plainVaderSentiment(text: string): SentimentResult {
  const compound = vader.SentimentIntensityAnalyzer.polarity_scores(text).compound;
  return { label: labelForCompound(compound), compound };
}

// ---------------------------------------------------------------------------------------------
// The extended scorer.

interface Phrase {
  key: string;
  parts: string[];
}

interface ExtendedModel {
  rules: VaderRules;
  /** Lexicon entries that contain punctuation and are matched on the raw token (":)", "<3"). */
  punctuatedEntries: ReadonlySet<string>;
  phrases: ReadonlyMap<string, Phrase[]>;
  clauseNegators: ReadonlySet<string>;
  questionStarters: ReadonlySet<string>;
}

let model: ExtendedModel | undefined;

function buildModel(): ExtendedModel {
  const lexicon = new Map(vaderLexicon());
  // "no" negates in the extended scorer (as in the reference Python VADER) instead of scoring -1.2.
  lexicon.delete('no');
  for (const [k, v] of Object.entries(FINANCE_LEXICON)) lexicon.set(k, v);
  const boosters = new Map(VADER_BOOSTERS);
  for (const [k, v] of Object.entries(FINANCE_BOOSTERS)) boosters.set(k, v);
  const negators = new Set([...VADER_NEGATE, ...EXTRA_NEGATORS, ...CLAUSE_NEGATORS]);
  const clauseNegators = new Set(CLAUSE_NEGATORS);

  const phrases = new Map<string, Phrase[]>();
  const addPhrase = (key: string) => {
    const parts = key.split(' ');
    if (parts.length < 2) return;
    const list = phrases.get(parts[0]!) ?? [];
    if (!list.some((p) => p.key === key)) list.push({ key, parts });
    phrases.set(parts[0]!, list);
  };
  for (const k of Object.keys(FINANCE_LEXICON)) addPhrase(k);
  for (const k of boosters.keys()) addPhrase(k);
  for (const k of negators) addPhrase(k);
  for (const list of phrases.values()) list.sort((a, b) => b.parts.length - a.parts.length);

  const punctuatedEntries = new Set<string>();
  for (const k of lexicon.keys())
    if (!k.includes(' ') && /[^a-z0-9']/.test(k) && !/^\p{Extended_Pictographic}$/u.test(k)) punctuatedEntries.add(k);

  return {
    rules: {
      lexicon,
      boosters,
      negators,
      idioms: VADER_IDIOMS,
      compat: false,
      noCapsEmphasis: new Set(CONVENTIONAL_CAPS),
    },
    punctuatedEntries,
    phrases,
    clauseNegators,
    questionStarters: new Set(QUESTION_STARTERS),
  };
}

const TOKEN_RE = /\S+/g;
const PCT_RE = /^([+-]?)\d[\d.,]*%$/;
const NUM_RE = /^\d[\d.,]*$/;
const PICTO_RE = /\p{Extended_Pictographic}/u;

/** How a token's trailing punctuation ends it. */
const enum End {
  None = 0,
  Clause = 1, // , ; :
  Sentence = 2, // . !
  Question = 3, // ?
}

/** ASCII punctuation, as VADER's REGEX_REMOVE_PUNCTUATION defines it. */
function isPunct(code: number): boolean {
  return (
    (code >= 33 && code <= 47) ||
    (code >= 58 && code <= 64) ||
    (code >= 91 && code <= 96) ||
    (code >= 123 && code <= 126)
  );
}

/** ". ! ? ; : ," end a clause (for clause-scoped negation and phrase matching); ". ! ?" a sentence. */
function endOf(code: number): End {
  if (code === 63) return End.Question;
  if (code === 46 || code === 33) return End.Sentence;
  if (code === 59 || code === 58 || code === 44) return End.Clause;
  return End.None;
}

interface Tokens {
  words: string[];
  lowers: string[];
  ends: End[];
  capsEligible: boolean[];
}

const newTokens = (): Tokens => ({ words: [], lowers: [], ends: [], capsEligible: [] });

function pushToken(t: Tokens, word: string, lower: string, capsEligible: boolean): void {
  t.words.push(word);
  t.lowers.push(lower);
  t.ends.push(End.None);
  t.capsEligible.push(capsEligible);
}

function endToken(t: Tokens, end: End): void {
  const k = t.ends.length - 1;
  if (k >= 0 && end > t.ends[k]!) t.ends[k] = end;
}

/**
 * Social-media tokenisation: URLs dropped, cashtags → "$", numbers/percentages/money → placeholders,
 * emoji split into one token each, leading/trailing punctuation stripped (emoticons kept), one-letter
 * words dropped as VADER does.
 */
function tokenize(text: string, m: ExtendedModel): Tokens {
  const t = newTokens();
  TOKEN_RE.lastIndex = 0;
  for (let match = TOKEN_RE.exec(text); match !== null; match = TOKEN_RE.exec(text)) {
    const raw = match[0];
    let lowerRaw = raw.toLowerCase();
    if (m.punctuatedEntries.has(lowerRaw)) {
      pushToken(t, raw, lowerRaw, false);
      continue;
    }
    // Strip trailing punctuation, remembering whether it ends a clause.
    let end = raw.length;
    let clause = End.None;
    while (end > 0 && isPunct(raw.charCodeAt(end - 1)) && raw.charCodeAt(end - 1) !== 37 /* % */) {
      const e = endOf(raw.charCodeAt(end - 1));
      if (e > clause) clause = e;
      end--;
    }
    let start = 0;
    while (
      start < end &&
      isPunct(raw.charCodeAt(start)) &&
      raw[start] !== '$' &&
      !(raw[start] === '+' || raw[start] === '-')
    )
      start++;
    // Leading "+"/"-" are kept only in front of a digit ("+12%").
    if (start < end && (raw[start] === '+' || raw[start] === '-')) {
      const next = raw.charCodeAt(start + 1);
      if (!(next >= 48 && next <= 57)) {
        start++;
        while (start < end && isPunct(raw.charCodeAt(start)) && raw[start] !== '$') start++;
      }
    }
    if (start >= end) {
      if (clause) endToken(t, clause);
      continue;
    }
    const core = start === 0 && end === raw.length ? raw : raw.slice(start, end);
    lowerRaw = core === raw ? lowerRaw : core.toLowerCase();

    if (core.charCodeAt(0) === 36 /* $ */) {
      const c1 = core.charCodeAt(1);
      if ((c1 >= 65 && c1 <= 90) || (c1 >= 97 && c1 <= 122)) pushToken(t, '$', '$', false);
      else if (c1 >= 48 && c1 <= 57) pushToken(t, '<money>', '<money>', false);
      if (clause) endToken(t, clause);
      continue;
    }
    const c0 = core.charCodeAt(0);
    if ((c0 >= 48 && c0 <= 57) || c0 === 43 || c0 === 45) {
      const pct = PCT_RE.exec(core);
      if (pct) {
        const tok = pct[1] === '+' ? '<pct+>' : pct[1] === '-' ? '<pct->' : '<pct>';
        pushToken(t, tok, tok, false);
        if (clause) endToken(t, clause);
        continue;
      }
      if (NUM_RE.test(core)) {
        if (core.length > 1) pushToken(t, core, core, false);
        if (clause) endToken(t, clause);
        continue;
      }
    }

    if (hasNonAscii(core)) {
      splitEmoji(t, core, m);
    } else if (core.length > 1) {
      pushToken(t, core, lowerRaw, true);
    }
    if (clause) endToken(t, clause);
  }
  return t;
}

function hasNonAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 127) return true;
  return false;
}

/** Splits "moon🚀🚀" into "moon", "🚀", "🚀"; drops variation selectors, joiners and skin tones. */
function splitEmoji(t: Tokens, core: string, m: ExtendedModel): void {
  let buf = '';
  const flush = () => {
    if (buf.length > 1) {
      const lower = buf.toLowerCase();
      pushToken(t, buf, lower, !m.punctuatedEntries.has(lower));
    }
    buf = '';
  };
  for (const ch of core) {
    const cp = ch.codePointAt(0)!;
    if (cp === 0xfe0f || cp === 0x200d || (cp >= 0x1f3fb && cp <= 0x1f3ff)) continue;
    if (cp >= 0x2000 && PICTO_RE.test(ch)) {
      flush();
      pushToken(t, ch, ch, false);
    } else buf += ch;
  }
  flush();
}

/** Greedy longest-match merge of multi-word lexicon phrases within a clause. */
function mergePhrases(t: Tokens, m: ExtendedModel): Tokens {
  const n = t.lowers.length;
  const out = newTokens();
  for (let i = 0; i < n; i++) {
    const candidates = m.phrases.get(t.lowers[i]!);
    let merged = false;
    if (candidates) {
      for (const p of candidates) {
        const len = p.parts.length;
        if (i + len > n) continue;
        let ok = true;
        for (let j = 1; j < len && ok; j++) {
          if (t.lowers[i + j] !== p.parts[j] || t.ends[i + j - 1] !== End.None) ok = false;
        }
        if (!ok) continue;
        out.words.push(t.words.slice(i, i + len).join(' '));
        out.lowers.push(p.key);
        out.ends.push(t.ends[i + len - 1]!);
        out.capsEligible.push(t.capsEligible[i]!);
        i += len - 1;
        merged = true;
        break;
      }
    }
    if (!merged) {
      out.words.push(t.words[i]!);
      out.lowers.push(t.lowers[i]!);
      out.ends.push(t.ends[i]!);
      out.capsEligible.push(t.capsEligible[i]!);
    }
  }
  return out;
}

/** URLs dropped (their words are not the author's), curly apostrophes straightened. */
function prepare(text: string): string {
  const noUrls = replaceUrls(text, ' ');
  return noUrls.includes('’') ? noUrls.replace(/’/g, "'") : noUrls;
}

/** Maximum number of words a clause-level negation ("no way …") reaches. */
const CLAUSE_NEGATION_REACH = 8;

/**
 * VADER extended for finance and social media. Same algorithm and constants as VADER (see
 * vaderEngine.ts); differences: the finance/slang/emoji lexicon and phrases (financeLexicon.ts),
 * social tokenisation (cashtags, numbers, URLs, emoji), case-insensitive negation with a few more
 * negators ("no", "nobody", "nah") and clause-scoped negation phrases ("no way …", "don't think …").
 */
export function scoreSentiment(text: string): SentimentResult {
  model ??= buildModel();
  const clean = prepare(text);
  const t = mergePhrases(tokenize(clean, model), model);
  const n = t.lowers.length;
  let clauseNegated: boolean[] | undefined;
  for (let i = 0, reach = 0; i < n; i++) {
    if (reach > 0) {
      (clauseNegated ??= new Array<boolean>(n).fill(false))[i] = true;
      reach--;
    }
    if (model.clauseNegators.has(t.lowers[i]!)) reach = CLAUSE_NEGATION_REACH;
    if (t.ends[i] !== End.None || t.lowers[i] === 'but') reach = 0;
  }
  // Information-seeking questions carry no stance.
  let weights: number[] | undefined;
  for (let start = 0, asks = false, i = 0; i < n; i++) {
    if (i === start || t.ends[i - 1] === End.Clause) asks ||= model.questionStarters.has(t.lowers[i]!);
    if (t.ends[i]! < End.Sentence && i < n - 1) continue;
    if (asks && t.ends[i] === End.Question) {
      weights ??= new Array<number>(n).fill(1);
      for (let k = start; k <= i; k++) weights[k] = 0;
    }
    start = i + 1;
    asks = false;
  }
  const compound = vaderCompound(
    {
      words: t.words,
      lowers: t.lowers,
      exclamations: countChar(clean, '!'),
      questions: countChar(clean, '?'),
      clauseNegated,
      weights,
      clauseEnds: t.ends.map((e) => e !== End.None),
      capsEligible: t.capsEligible,
    },
    model.rules,
  );
  return { label: labelForCompound(compound), compound };
}

/** The tokens the extended scorer sees and their lexicon valences (for tests and tuning). */
export function explainSentiment(text: string): Array<[string, number | undefined]> {
  model ??= buildModel();
  const t = mergePhrases(tokenize(prepare(text), model), model);
  return t.lowers.map((l) => [l, model!.rules.lexicon.get(l)]);
}
