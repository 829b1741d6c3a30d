/**
 * StockPulse's extension of the VADER lexicon for market and social-media language.
 *
 * Valences use VADER's scale (-4 … +4; VADER's mean human ratings put "good" at 1.9, "great" at
 * 3.1, "bad" at -2.5). Keys are lower case; a key with spaces is a phrase that the tokeniser merges
 * into one token before scoring, so that VADER's negation and booster rules apply to it as a unit
 * ("not going to the moon", "really bullish"). Placeholder tokens produced by the tokeniser:
 * `$` (a cashtag), `<pct>` (12%), `<pct+>` (+12%), `<pct->` (-12%), `<money>` ($300), `<num>` (150).
 * Entries here override VADER's own (e.g. "steal", "interest", "lol" mean something else in
 * markets). Emoji are keys too (variation selectors and skin tones are dropped by the tokeniser).
 */
export const FINANCE_LEXICON: Readonly<Record<string, number>> = {
  // --- direction and stance -------------------------------------------------------------
  bullish: 2.8, bearish: -2.8, bull: 1.5, bulls: 1.0, bear: -1.5, bears: -1.2,
  'bull run': 2.5, 'bull market': 1.5, 'bear market': -2.0, 'bull trap': -2.0, 'bear trap': 1.5,
  'bears in control': -2.5, 'bulls in control': 2.5, 'bears getting wrecked': 2.5,
  long: 0.8, 'going long': 2.0, "i'm long": 2.0, 'im long': 2.0, 'am long': 2.0, 'long $': 1.8,
  'long and strong': 2.8, 'long term': 0.3, 'long-term': 0.3, 'how long': 0, 'long time': 0, 'so long': 0,
  short: -1.5, shorting: -2.0, shorted: -1.5, 'short $': -2.0, 'going short': -2.0, "i'm short": -2.0, 'im short': -2.0,
  'short term': 0, 'short-term': 0, shorts: 0, 'short interest': -0.5,
  'short squeeze': 2.5, 'gamma squeeze': 2.5, squeeze: 1.8, squeezing: 2.0, 'squeeze is over': -2.0,
  'shorts are trapped': 2.5, 'shorts trapped': 2.5, 'shorts are fucked': 2.5,
  calls: 1.5, puts: -1.5, 'earnings calls': 0, 'earnings call': 0, 'conference call': 0, 'conference calls': 0,
  buy: 1.4, buying: 1.0, bought: 0.8, 'buy more': 1.8, 'buying more': 1.8, 'bought more': 1.8,
  'buy the dip': 2.2, 'buying the dip': 2.2, 'bought the dip': 2.2, btfd: 2.2, 'dip buyers': 1.5,
  'strong buy': 2.8, 'is a buy': 2.0, 'buy rating': 2.0,
  sell: -1.4, selling: -1.0, sold: -0.8, 'sell everything': -2.2, 'sold everything': -1.5, 'sell rating': -2.0,
  'sold at a loss': -2.0, 'at a loss': -1.5, 'sold out': 1.0,
  hold: 0, holding: 0, hodl: 2.0, hodling: 2.0, 'holding forever': 2.0,
  adding: 1.0, 'adding more': 1.5, 'adding to my position': 1.8, accumulate: 1.5, accumulating: 1.5,
  'loaded up': 2.0, 'loading up': 2.0, 'load up': 1.8, 'loading zone': 1.8, 'starting a position': 1.5,
  'doubled my position': 2.0, 'averaging down': 0.8, 'no position': 0,
  yolo: 0, "yolo'd": 1.5, yoloed: 1.5, fomo: 0.8, "fomo'd": 1.0,
  undervalued: 2.2, 'under valued': 2.2, underpriced: 1.8, overvalued: -2.2, 'over valued': -2.2,
  overpriced: -1.8, overhyped: -2.0, cheap: 1.0, 'too expensive': -1.5, expensive: -0.8,
  steal: 1.5, 'a steal': 2.5, 'no brainer': 2.5, 'no-brainer': 2.5, 'value trap': -2.0,
  upside: 1.5, downside: -1.2, tailwind: 1.5, tailwinds: 1.5, headwind: -1.5, headwinds: -1.5,
  catalyst: 1.0, catalysts: 1.0,
  // --- price action -----------------------------------------------------------------------
  moon: 2.5, mooning: 3.0, moons: 2.5, moonshot: 2.0, 'to the moon': 3.0, tothemoon: 3.0, 'moon soon': 2.5,
  rocket: 2.0, rocketing: 2.5, 'rocket ship': 2.5,
  rip: -1.5, 'gonna rip': 2.5, 'going to rip': 2.5, 'about to rip': 2.5, 'let it rip': 2.0,
  ripping: 2.5, rips: 2.0, 'ripping higher': 2.8,
  printing: 2.0, 'money printer': 2.2, 'printing money': 2.2, brrr: 1.5,
  breakout: 2.0, 'broke out': 1.8, breakdown: -1.8, 'broke down': -1.5,
  rally: 1.8, rallying: 2.0, soar: 2.0, soaring: 2.2, soared: 2.0, surge: 2.0, surging: 2.2, surged: 2.0,
  exploding: 1.5, skyrocketing: 2.5, skyrocket: 2.5, unstoppable: 2.5, 'new highs': 2.2, 'new high': 2.2,
  'all-time high': 2.5, 'all time high': 2.5, 'all time highs': 2.5, 'all-time highs': 2.5, ath: 2.2, aths: 2.2,
  'new lows': -2.2, 'new low': -2.0, 'making new lows': -2.2, 'lower highs': -1.8, 'higher lows': 1.8,
  higher: 1.0, 'grind higher': 1.8, 'going higher': 1.8, 'heading lower': -1.8, 'going lower': -1.8, 'guiding lower': -2.0,
  'goes up': 1.5, 'go up': 1.3, 'going up': 1.5, 'went up': 1.3, 'goes down': -1.5, 'go down': -1.3,
  'going down': -1.5, 'went down': -1.3, 'goes below': -1.5, 'going to zero': -3.0, 'going to 0': -3.0,
  'to zero': -2.5, 'up <pct>': 1.5, 'down <pct>': -1.5, 'down another': -1.8, 'up another': 1.8,
  '<pct+>': 1.2, '<pct->': -1.5, 'in the green': 1.5, 'in the red': -1.5, green: 1.2, red: -1.0,
  'green day': 2.0, 'red day': -2.0, 'down bad': -2.5,
  crash: -2.5, crashing: -2.5, crashed: -2.5, tank: -1.5, tanks: -1.8, tanking: -2.5, tanked: -2.5,
  dump: -2.0, dumping: -2.0, dumped: -2.0, plunge: -2.2, plunging: -2.2, plunged: -2.2, plummet: -2.5,
  plummeting: -2.5, sinking: -1.8, slump: -1.8, selloff: -2.0, 'sell off': -2.0, 'sell-off': -2.0,
  bleeding: -2.0, bleed: -1.8, 'falling knife': -2.2, 'dead cat bounce': -2.0, 'fell off a cliff': -2.5,
  'off a cliff': -2.2, pullback: -1.3, correction: -1.0, overbought: -1.5, oversold: 1.2, 'way oversold': 1.8,
  bottomed: 1.5, 'bottom is in': 2.0, 'top is in': -2.0, 'bought the top': -2.0, 'melting ice cube': -2.5,
  bounce: 0.8, 'bounce incoming': 1.8,
  // --- fundamentals and news ------------------------------------------------------------------
  'beat earnings': 2.2, 'crushed earnings': 2.8, 'crushed it': 2.5, 'crushing it': 2.5, 'earnings beat': 2.2, 'beat expectations': 2.2,
  'beat and raise': 3.0, 'better than expected': 2.0, 'worse than expected': -2.0, 'another beat': 2.0,
  'missed earnings': -2.2, 'earnings miss': -2.2, 'missed expectations': -2.2,
  'guidance cut': -2.5, 'cut guidance': -2.5, 'lowered guidance': -2.5, 'guidance slashed': -2.8,
  'raised guidance': 2.5, 'guidance raise': 2.5, 'raising guidance': 2.5,
  upgrade: 2.0, upgraded: 2.0, downgrade: -2.0, downgraded: -2.0, 'downgrade city': -2.5,
  outperform: 2.0, underperform: -2.0, 'pt raised': 2.0, 'raised pt': 2.0, 'pt cut': -2.0,
  'price target raised': 2.0, 'price target cut': -2.0,
  profitable: 2.0, unprofitable: -2.0, 'record quarter': 2.0, 'revenue record': 1.8, buyback: 1.5,
  buybacks: 1.5, 'buying back': 1.5, 'dividend cut': -2.0, 'raised dividend': 1.5,
  dilution: -2.2, diluted: -2.0, diluting: -2.0, dilutive: -2.0, offering: -1.2,
  bankruptcy: -3.0, bankrupt: -3.0, 'going bankrupt': -3.0, 'chapter 11': -3.0, insolvent: -3.0,
  'cash burn': -2.0, 'burning cash': -2.0, 'cash incinerator': -2.8, 'money pit': -2.2,
  'dead money': -2.2, uninvestable: -2.5, 'stay away': -2.2, toast: -1.8, 'is toast': -2.2,
  flop: -2.0, bubble: -1.5, 'bubble is about to pop': -2.5, 'beginning of the end': -2.5,
  recession: -1.5, layoffs: -0.8, 'slowing down': -1.2, slowing: -1.0, 'falling off': -1.5,
  interest: 0, insane: 0, crazy: 0, 'not sure': 0, 'either way': 0, toxic: -2.0,
  'not touching': -1.8, 'never touching': -1.8, "won't touch": -1.8, "wouldn't touch": -1.8,
  'done with': -1.5, "i'm done": -1.5, 'im done': -1.5,
  // Everyday words VADER rates that are neutral in market news ("per share", "effective Feb 26",
  // "pay a dividend", "top holdings", "Advanced Micro Devices", "Amazon").
  share: 0, shares: 0, effective: 0, pay: 0, top: 0, advanced: 0, amazon: 0, 'holy shit': 0, 'holy crap': 0,
  // --- community slang ---------------------------------------------------------------------------
  tendies: 2.5, tendie: 2.5, 'diamond hands': 2.5, diamondhands: 2.5, 'paper hands': -1.5, paperhands: -1.5,
  bagholder: -2.2, bagholders: -2.2, 'bag holder': -2.2, 'bag holders': -2.2, bagholding: -2.2,
  'bag holding': -2.2, 'holding the bag': -2.2, 'holding bags': -2.0,
  'rug pull': -3.0, 'rug pulled': -3.0, rugpull: -3.0, rugged: -2.5, 'pump and dump': -2.8, 'p&d': -2.5,
  pump: 1.0, pumping: 1.5, scam: -2.8,
  lfg: 2.8, "let's go": 2.0, 'lets go': 2.0, 'we are so back': 2.5, "we're so back": 2.5, 'so back': 2.2,
  "it's over": -2.2, 'its over': -2.2, "it's so over": -2.8, 'so over': -2.2,
  wagmi: 2.0, ngmi: -2.0, gmi: 1.5, lambo: 2.0, lambos: 2.0, 'let him cook': 2.0,
  'is cooked': -2.5, 'are cooked': -2.5, "we're cooked": -2.5, 'so cooked': -2.5, 'im cooked': -2.5,
  rekt: -2.5, wrecked: -2.0, 'get wrecked': -2.2, 'margin called': -2.8, 'margin call': -2.0,
  '10 bagger': 2.5, 'ten bagger': 2.5, '100 bagger': 2.8, 'multi bagger': 2.5, 'apes together strong': 2.5,
  'eating good': 2.2, 'we eating': 1.5, 'get out while you can': -2.5, 'fall for it': -1.5,
  'hard way': -1.0, 'no catalyst': -1.5, 'melt up': 2.0, 'melting up': 2.0,
  'not a drill': 0, 'not financial advice': 0, nfa: 0, dyor: 0, 'not gonna lie': 0, ngl: 0,
  "can't stop won't stop": 2.2, 'cant stop wont stop': 2.2,
  'yeah right': -2.0, 'yeah sure': -1.0,
  gang: 0, lol: 0, lmao: 0, lmfao: 0, rofl: 0, haha: 0, hahaha: 0, 'oh great': -1.0,
  // --- emoji ---------------------------------------------------------------------------------------
  '🚀': 2.5, '📈': 2.0, '💎': 1.5, '🙌': 1.0, '🌙': 1.5, '🌕': 1.5, '🐂': 2.0, '💰': 1.5, '🤑': 2.0,
  '💵': 1.0, '🔥': 1.2, '💪': 1.5, '🟢': 1.5, '✅': 1.0, '👍': 1.5, '🙏': 1.0, '🥳': 2.0, '🎉': 2.0,
  '🍗': 1.5, '🦍': 1.5, '🍽': 1.0, '🤞': 1.0, '😎': 1.5, '😍': 2.0, '🤩': 2.0, '🏆': 2.0, '⬆': 1.5,
  '🆙': 1.0, '💯': 1.5, '🐳': 0.5, '📉': -2.0, '🐻': -1.5, '🩸': -2.0, '💀': -1.5, '🤡': -2.0,
  '😭': -1.5, '😢': -1.5, '😩': -1.5, '🤮': -2.5, '💩': -2.0, '🗑': -2.0, '⚰': -2.0, '🪦': -2.0,
  '😱': -1.5, '😡': -2.0, '🤬': -2.0, '🔴': -1.5, '❌': -1.0, '👎': -1.5, '⬇': -1.5, '🙄': -1.5,
  '😬': -0.8, '🤦': -1.5, '🏳': -1.0, '🥲': -0.5, '😂': 0.3, '🤣': 0.3, '💸': 0, '🌈 🐻': 1.0,
};

/** Degree adverbs added to VADER's booster list. */
export const FINANCE_BOOSTERS: Readonly<Record<string, number>> = {
  af: 0.293, asf: 0.293, super: 0.293, mega: 0.293, 'never been more': 0.6, 'never been so': 0.6,
  wildly: 0.293, insanely: 0.293,
};

/** Negation words beyond VADER's own list (matched in lower case). */
export const EXTRA_NEGATORS: readonly string[] = [
  'no', 'nah', 'nobody', 'noone', 'no one', 'neither', 'not', 'never', 'aint', 'dont', 'doesnt', 'isnt',
  'wont', 'cant', 'wasnt', 'shouldnt', 'wouldnt', 'didnt', 'havent', 'hasnt', 'arent',
];

/**
 * Phrases that negate the rest of their clause, not only the next three words:
 * "no way this goes up", "I don't think $TSLA will moon", "not going to moon".
 */
export const CLAUSE_NEGATORS: readonly string[] = [
  'no way', "don't think", 'dont think', 'do not think', "don't see", 'dont see', 'not going to',
  'never going to', 'not gonna', 'never gonna', 'no chance', 'zero chance', "doesn't look", 'doesnt look',
];

/** Lexicon entries usually written in capitals: no ALL-CAPS emphasis for them. */
/**
 * First words of an information-seeking question ("Is $SOFI a good hold?", "What do you think about
 * $AMD?", "NVDA, AMD: which one …?"): a sentence that ends with "?" and has a clause starting with one
 * of these asks rather than asserts, so its words carry no stance. Rhetorical openers ("why", "isn't") are deliberately absent.
 */
export const QUESTION_STARTERS: readonly string[] = [
  'is', 'are', 'am', 'was', 'were', 'do', 'does', 'did', 'should', 'shall', 'would', 'could', 'can', 'will',
  'has', 'have', 'had', 'what', "what's", 'whats', 'which', 'how', "how's", 'hows', 'where', "where's",
  'when', 'who', "who's", 'whom', 'anyone', 'anybody', 'thoughts',
];

export const CONVENTIONAL_CAPS: readonly string[] = [
  'lfg', 'ath', 'aths', 'fomo', 'btfd', 'yolo', 'hodl', 'ngmi', 'wagmi', 'gmi', 'nfa', 'dyor', 'ngl', 'lol',
  'lmao', 'lmfao', 'rofl', 'af', 'asf', 'dd', 'pt', 'eps', 'ah',
];
