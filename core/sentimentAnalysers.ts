/**
 * The sentiment analysers a mention's `analyser` can name. Every mention is labelled at ingest by the learned linear
 * model (`learned-<12 hex>`); within minutes the fine-tuned transformer re-scores it and its combined label
 * (`transformer-<12 hex>-w<shares>`) replaces the first one. Mentions written before the learned model carry the
 * lexicon's `lexicon-1`. The domain builds the versions from these prefixes; the dashboard and the API's readers use
 * them to tell a final label from a first one.
 */
export const TRANSFORMER_ANALYSER_PREFIX = 'transformer-';
export const LEARNED_ANALYSER_PREFIX = 'learned-';
/** What mention rows written by the lexicon scorer (before the learned model) record as their analyser. */
export const LEXICON_ANALYSER_VERSION = 'lexicon-1';

/**
 * `transformer`: the best label, final until a new model re-labels history. `learned`: the fast label given at ingest,
 * which the transformer replaces within minutes (or kept, for posts past the posts' retention). `lexicon`: from before
 * the learned model. `other`: a name none of these prefixes matches.
 */
export const analyserKinds = ['transformer', 'learned', 'lexicon', 'other'] as const;
export type AnalyserKind = (typeof analyserKinds)[number];

export function analyserKind(analyser: string): AnalyserKind {
  if (analyser.startsWith(TRANSFORMER_ANALYSER_PREFIX)) return 'transformer';
  if (analyser.startsWith(LEARNED_ANALYSER_PREFIX)) return 'learned';
  if (analyser === LEXICON_ANALYSER_VERSION) return 'lexicon';
  return 'other';
}
