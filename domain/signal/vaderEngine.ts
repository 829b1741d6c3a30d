import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The VADER scoring rules (Hutto & Gilbert 2014) as implemented by the `vader-sentiment` package
 * (1.1.3), re-expressed over a token array so that the lexicon, boosters and negators can be
 * extended. The package keeps its lexicon in a private module-scoped constant and exports only the
 * SentimentIntensityAnalyzer class, whose static methods close over that constant, so it cannot be
 * extended in place. This engine loads the very same lexicon from the package's own
 * `vader_lexicon.txt` and follows the package's algorithm step by step; with `compat: true` and the
 * package's tokenisation (`vaderCompatTokens`) it reproduces `polarity_scores().compound` exactly
 * (signal.test.ts checks this on every labelled post).
 */

export const B_INCR = 0.293;
export const B_DECR = -0.293;
export const C_INCR = 0.733;
export const N_SCALAR = -0.74;

/** vader-sentiment's NEGATE list (matched exactly, so "Not" is not a negation in the package). */
export const VADER_NEGATE: readonly string[] = [
  'aint',
  'arent',
  'cannot',
  'cant',
  'couldnt',
  'darent',
  'didnt',
  'doesnt',
  "ain't",
  "aren't",
  "can't",
  "couldn't",
  "daren't",
  "didn't",
  "doesn't",
  'dont',
  'hadnt',
  'hasnt',
  'havent',
  'isnt',
  'mightnt',
  'mustnt',
  'neither',
  "don't",
  "hadn't",
  "hasn't",
  "haven't",
  "isn't",
  "mightn't",
  "mustn't",
  'neednt',
  "needn't",
  'never',
  'none',
  'nope',
  'nor',
  'not',
  'nothing',
  'nowhere',
  'oughtnt',
  'shant',
  'shouldnt',
  'uhuh',
  'wasnt',
  'werent',
  "oughtn't",
  "shan't",
  "shouldn't",
  'uh-uh',
  "wasn't",
  "weren't",
  'without',
  'wont',
  'wouldnt',
  "won't",
  "wouldn't",
  'rarely',
  'seldom',
  'despite',
];

/** vader-sentiment's BOOSTER_DICT (degree adverbs). */
export const VADER_BOOSTERS: ReadonlyMap<string, number> = new Map([
  ...[
    'absolutely',
    'amazingly',
    'awfully',
    'completely',
    'considerably',
    'decidedly',
    'deeply',
    'effing',
    'enormously',
    'entirely',
    'especially',
    'exceptionally',
    'extremely',
    'fabulously',
    'flipping',
    'flippin',
    'fricking',
    'frickin',
    'frigging',
    'friggin',
    'fully',
    'fucking',
    'greatly',
    'hella',
    'highly',
    'hugely',
    'incredibly',
    'intensely',
    'majorly',
    'more',
    'most',
    'particularly',
    'purely',
    'quite',
    'really',
    'remarkably',
    'so',
    'substantially',
    'thoroughly',
    'totally',
    'tremendously',
    'uber',
    'unbelievably',
    'unusually',
    'utterly',
    'very',
  ].map((w): [string, number] => [w, B_INCR]),
  ...[
    'almost',
    'barely',
    'hardly',
    'just enough',
    'kind of',
    'kinda',
    'kindof',
    'kind-of',
    'less',
    'little',
    'marginally',
    'occasionally',
    'partly',
    'scarcely',
    'slightly',
    'somewhat',
    'sort of',
    'sorta',
    'sortof',
    'sort-of',
  ].map((w): [string, number] => [w, B_DECR]),
]);

/** vader-sentiment's SPECIAL_CASE_IDIOMS. */
export const VADER_IDIOMS: ReadonlyMap<string, number> = new Map([
  ['the shit', 3],
  ['the bomb', 3],
  ['bad ass', 1.5],
  ['yeah right', -2],
  ['cut the mustard', 2],
  ['kiss of death', -1.5],
  ['hand to mouth', -2],
]);

/** vader-sentiment's PUNC_LIST and punctuation class (used by the compatible tokeniser). */
const PUNC_LIST = ['.', '!', '?', ',', ';', ':', '-', "'", '"', '!!', '!!!', '??', '???', '?!?', '!?!', '?!?!', '!?!?'];
const REGEX_REMOVE_PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g;

let baseLexicon: ReadonlyMap<string, number> | undefined;

/** The lexicon vader-sentiment ships (`vader_lexicon.txt`; a later duplicate wins, as in the package). */
export function vaderLexicon(): ReadonlyMap<string, number> {
  if (baseLexicon) return baseLexicon;
  const require = createRequire(import.meta.url);
  const dir = dirname(require.resolve('vader-sentiment/package.json'));
  const text = readFileSync(join(dir, 'vader_lexicon.txt'), 'utf8');
  const map = new Map<string, number>();
  for (const line of text.split('\n')) {
    const tab = line.indexOf('\t');
    if (tab <= 0) continue;
    const tab2 = line.indexOf('\t', tab + 1);
    const value = Number(line.slice(tab + 1, tab2 < 0 ? undefined : tab2));
    if (Number.isFinite(value)) map.set(line.slice(0, tab), value);
  }
  baseLexicon = map;
  return map;
}

export interface VaderRules {
  lexicon: ReadonlyMap<string, number>;
  boosters: ReadonlyMap<string, number>;
  /** Lower-case negation words; any word containing "n't" negates too. */
  negators: ReadonlySet<string>;
  idioms: ReadonlyMap<string, number>;
  /**
   * true: reproduce vader-sentiment 1.1.3 exactly, quirks included (case-sensitive negation and
   * "but", its operator-precedence slip in the "never so/this" check, caps boost on 0-valence words).
   * false: the corrected behaviour (as in the reference Python VADER).
   */
  compat: boolean;
  /** Lexicon entries that are conventionally written in capitals (LFG, ATH): no ALL-CAPS emphasis. */
  noCapsEmphasis?: ReadonlySet<string>;
}

export interface ScoreInput {
  /** Tokens as written (case kept: ALL-CAPS emphasis). */
  words: readonly string[];
  /** The same tokens in lower case (multi-word phrases joined by single spaces). */
  lowers: readonly string[];
  /** Number of "!" and "?" in the text (punctuation emphasis). */
  exclamations: number;
  questions: number;
  /** Optional per-token flag: the token lies in the scope of a clause-level negation ("no way …"). */
  clauseNegated?: readonly boolean[];
  /** Optional per-token multiplier applied to the token's final valence (e.g. question damping). */
  weights?: readonly number[];
  /**
   * Optional per-token flag: the token ends a clause (", ; : . ! ?"). Negation and boosters then do
   * not reach across it ("no innovation left, overvalued": "no" does not negate "overvalued").
   */
  clauseEnds?: readonly boolean[];
  /** Optional: which tokens take part in the ALL-CAPS differential (default: all). */
  capsEligible?: readonly boolean[];
}

const UPPER_RE = /^[^a-z]*[A-Z]+[^a-z]*$/;

/** Python-style str.isupper(), as vader-sentiment defines it. */
export function isUpperPython(word: string): boolean {
  return word.length > 0 && UPPER_RE.test(word);
}

/** The VADER compound score in [-1, 1] for a token sequence. */
export function vaderCompound(input: ScoreInput, rules: VaderRules): number {
  const { words, lowers } = input;
  const n = words.length;
  if (n === 0) return 0;
  const { lexicon, boosters, compat } = rules;

  // allcap_differential: some, but not all, words are ALL CAPS.
  let eligible = 0;
  let upper = 0;
  for (let i = 0; i < n; i++) {
    if (input.capsEligible && !input.capsEligible[i]) continue;
    eligible++;
    if (isUpperPython(words[i]!)) upper++;
  }
  const isCapDiff = upper > 0 && upper < eligible;

  const isNeg = (i: number): boolean => {
    if (compat) {
      const w = words[i]!;
      return rules.negators.has(w) || w.includes("n't");
    }
    const w = lowers[i]!;
    return rules.negators.has(w) || w.includes("n't");
  };
  const cmpWord = compat ? words : lowers;

  const sentiments = new Array<number>(n);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const lower = lowers[i]!;
    if ((lower === 'kind' && i < n - 1 && lowers[i + 1] === 'of') || boosters.has(lower)) {
      sentiments[i] = 0;
      continue;
    }
    let valence = lexicon.get(lower);
    if (valence === undefined || (!compat && valence === 0)) {
      sentiments[i] = 0;
      continue;
    }
    if (isCapDiff && isUpperPython(words[i]!) && !rules.noCapsEmphasis?.has(lower)) {
      valence += valence > 0 ? C_INCR : -C_INCR;
    }
    let negated = false;
    for (let startI = 0; startI < 3; startI++) {
      const j = i - (startI + 1);
      if (j < 0 || input.clauseEnds?.[j]) break;
      if (lexicon.has(lowers[j]!)) continue;
      // scalar_inc_dec
      let s = 0;
      const b = boosters.get(lowers[j]!);
      if (b !== undefined) {
        s = valence < 0 ? -b : b;
        if (isCapDiff && isUpperPython(words[j]!)) s += valence > 0 ? C_INCR : -C_INCR;
      }
      if (startI === 1 && s !== 0) s *= 0.95;
      else if (startI === 2 && s !== 0) s *= 0.9;
      valence += s;
      // never_check
      if (startI === 0) {
        if (isNeg(j)) {
          valence *= N_SCALAR;
          negated = true;
        }
      } else if (startI === 1) {
        if (cmpWord[i - 2] === 'never' && (cmpWord[i - 1] === 'so' || cmpWord[i - 1] === 'this')) valence *= 1.5;
        else if (isNeg(j)) {
          valence *= N_SCALAR;
          negated = true;
        }
      } else {
        const neverSoThis = compat
          ? (cmpWord[i - 3] === 'never' && (cmpWord[i - 2] === 'so' || cmpWord[i - 2] === 'this')) ||
            cmpWord[i - 1] === 'so' ||
            cmpWord[i - 1] === 'this'
          : cmpWord[i - 3] === 'never' &&
            (cmpWord[i - 2] === 'so' ||
              cmpWord[i - 2] === 'this' ||
              cmpWord[i - 1] === 'so' ||
              cmpWord[i - 1] === 'this');
        if (neverSoThis) valence *= 1.25;
        else if (isNeg(j)) {
          valence *= N_SCALAR;
          negated = true;
        }
        valence = idiomsCheck(valence, cmpWord, i, rules);
      }
    }
    // least_check
    if (i > 0 && lowers[i - 1] === 'least' && !lexicon.has('least')) {
      if (i > 1) {
        if (lowers[i - 2] !== 'at' && lowers[i - 2] !== 'very') valence *= N_SCALAR;
      } else valence *= N_SCALAR;
    }
    if (!negated && input.clauseNegated?.[i]) valence *= N_SCALAR;
    if (input.weights) valence *= input.weights[i]!;
    sentiments[i] = valence;
  }

  // but_check: halve what comes before the first "but", weight what follows by 1.5.
  let butIndex = -1;
  if (compat) {
    butIndex = words.indexOf('but');
    if (butIndex === -1) butIndex = words.indexOf('BUT');
  } else butIndex = lowers.indexOf('but');
  for (let i = 0; i < n; i++) {
    let s = sentiments[i]!;
    if (butIndex !== -1) {
      if (i < butIndex) s *= 0.5;
      else if (i > butIndex) s *= 1.5;
    }
    sentiments[i] = s;
    sum += s;
  }

  if (sum !== 0) {
    const ep = Math.min(input.exclamations, 4) * 0.292;
    const qc = input.questions;
    const qm = qc > 1 ? (qc <= 3 ? qc * 0.18 : 0.96) : 0;
    sum += sum > 0 ? ep + qm : -(ep + qm);
  }
  const compound = sum / Math.sqrt(sum * sum + 15);
  const clamped = compound < -1 ? -1 : compound > 1 ? 1 : compound;
  return parseFloat(clamped.toFixed(4));
}

function idiomsCheck(valence: number, w: readonly string[], i: number, rules: VaderRules): number {
  const { idioms, boosters } = rules;
  const onezero = `${w[i - 1]} ${w[i]}`;
  const twoonezero = `${w[i - 2]} ${w[i - 1]} ${w[i]}`;
  const twoone = `${w[i - 2]} ${w[i - 1]}`;
  const threetwoone = `${w[i - 3]} ${w[i - 2]} ${w[i - 1]}`;
  const threetwo = `${w[i - 3]} ${w[i - 2]}`;
  for (const seq of [onezero, twoonezero, twoone, threetwoone, threetwo]) {
    const v = idioms.get(seq);
    if (v !== undefined) {
      valence = v;
      break;
    }
  }
  if (w.length - 1 > i) {
    const v = idioms.get(`${w[i]} ${w[i + 1]}`);
    if (v !== undefined) valence = v;
  }
  if (w.length - 1 > i + 1) {
    const v = idioms.get(`${w[i]} ${w[i + 1]} ${w[i + 2]}`);
    if (v !== undefined) valence = v;
  }
  if (boosters.has(threetwo) || boosters.has(twoone)) valence += B_DECR;
  return valence;
}

/**
 * vader-sentiment's own tokenisation (SentiText.get_words_and_emoticons): split on whitespace, drop
 * one-character tokens, and strip one leading or trailing PUNC_LIST mark from a word.
 */
export function vaderCompatTokens(text: string): string[] {
  const tokens = text.split(/\s/).filter((t) => t.length > 1);
  const punc = new Set(PUNC_LIST);
  return tokens.map((t) => {
    const bare = t.replace(REGEX_REMOVE_PUNCTUATION, '');
    if (bare.length <= 1 || bare === t) return t;
    if (t.startsWith(bare) && punc.has(t.slice(bare.length))) return bare;
    if (t.endsWith(bare) && punc.has(t.slice(0, t.length - bare.length))) return bare;
    return t;
  });
}

/** Count of a character in a string. */
export function countChar(text: string, ch: string): number {
  let count = 0;
  for (let i = text.indexOf(ch); i !== -1; i = text.indexOf(ch, i + 1)) count++;
  return count;
}
