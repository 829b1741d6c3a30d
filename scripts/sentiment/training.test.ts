import { describe, expect, it } from 'vitest';
import { scoreSentiment, type SentimentLabel } from '../../domain/signal/sentiment';
import { DENSE_FEATURES } from '../../domain/signal/sentimentFeatures';
import {
  blendLexicon,
  CLASSES,
  createSentimentAnalyser,
  decide,
  decodeModel,
  encodeModel,
  lexiconCompoundOf,
  lexiconShareOf,
  linearScores,
  modelScores,
} from '../../domain/signal/sentimentModel';
import {
  blendedLogits,
  buildCorpus,
  createMeanMacroF1,
  DEFAULT_CONFIG,
  labelsOf,
  NO_BLEND,
  outOfFoldLogits,
  outOfFoldStyles,
  scoresBySet,
  train,
  trainStyles,
  tuneBlend,
  tuneOffsets,
} from './crossValidation';
import { scoreLabels } from '../../domain/signal/labelScores';
import { readProjectSet } from './signalData';

/** The project's own labelled posts stand in for the shared data: small, committed, all three labels. */
const labelled = readProjectSet('labelledPosts.jsonl');
const heldOut = readProjectSet('heldOutPosts.jsonl');
const config = { ...DEFAULT_CONFIG, hashBits: 14, folds: 3 };
const lexicon = (t: string) => scoreSentiment(t).compound;

describe('scoreLabels', () => {
  it('averages F1 over the classes that hold a tenth of the set, and counts accuracy', () => {
    // 10 posts: 9 bullish, 1 bearish (exactly a tenth), no neutral; one bullish called neutral.
    const gold: SentimentLabel[] = [...Array<SentimentLabel>(9).fill('bullish'), 'bearish'];
    const predicted: SentimentLabel[] = [...Array<SentimentLabel>(8).fill('bullish'), 'neutral', 'bearish'];
    const { macroF1, accuracy } = scoreLabels(gold, predicted);
    expect(accuracy).toBeCloseTo(0.9);
    expect(macroF1).toBeCloseTo((16 / 17 + 1) / 2);
    // With 11 posts the single bearish one is under a tenth: only bullish counts.
    expect(scoreLabels([...gold, 'bullish'], [...predicted, 'bullish']).macroF1).toBeCloseTo(18 / 19);
  });
});

describe('training', () => {
  it('is reproducible: the same data and seed give the same weights, another seed others', () => {
    const corpus = buildCorpus([labelled], config, lexicon);
    const a = train(corpus.examples, config);
    const b = train(corpus.examples, config);
    const c = train(corpus.examples, { ...config, seed: config.seed + 1 });
    expect(Buffer.from(a.weights.buffer).equals(Buffer.from(b.weights.buffer))).toBe(true);
    expect(Buffer.from(a.weights.buffer).equals(Buffer.from(c.weights.buffer))).toBe(false);
  });

  it('learns: a model trained on one project set labels the other far above chance', () => {
    const corpus = buildCorpus([labelled, heldOut], config, lexicon);
    const trainIdx = corpus.examples.flatMap((_, i) => (corpus.setOf[i] === 0 ? [i] : []));
    const testIdx = corpus.examples.flatMap((_, i) => (corpus.setOf[i] === 1 ? [i] : []));
    const model = train(
      trainIdx.map((i) => corpus.examples[i]!),
      config,
    );
    const z = new Float64Array(corpus.examples.length * 3);
    for (const i of testIdx)
      z.set(linearScores(model.weights, model.bias, config.hashBits, 3, corpus.examples[i]!.f), i * 3);
    const scores = scoreLabels(
      testIdx.map((i) => corpus.gold[i]!),
      labelsOf(z, [0, 0, 0], testIdx),
    );
    expect(scores.macroF1).toBeGreaterThan(0.6);
  });

  it('tunes the decision offsets on held-out predictions to at least the untuned score', () => {
    const corpus = buildCorpus([labelled], config, lexicon);
    const z = outOfFoldLogits(corpus, config);
    const all = corpus.examples.map((_, i) => i);
    const offsets = tuneOffsets(corpus, z, all);
    expect(scoresBySet(corpus, z, offsets, all).get(0)!.macroF1).toBeGreaterThanOrEqual(
      scoresBySet(corpus, z, [0, 0, 0], all).get(0)!.macroF1,
    );
  });

  it('counts the tuning measure as scoreLabels does', () => {
    const corpus = buildCorpus([labelled, heldOut], config, lexicon);
    const z = outOfFoldLogits(corpus, config);
    const all = corpus.examples.map((_, i) => i);
    const fast = createMeanMacroF1(corpus, all);
    for (const offsets of [
      [0, 0, 0],
      [0, 1, -0.4],
      [0, -2, 1.2],
      [0, 3, 0],
    ]) {
      const slow = [...scoresBySet(corpus, z, offsets, all).values()];
      expect(fast(z, offsets)).toBeCloseTo(slow.reduce((sum, s) => sum + s.macroF1, 0) / slow.length, 12);
    }
  });

  it('tells the sets apart by style, and mixes in the lexicon only where that beats the regression alone', () => {
    const corpus = buildCorpus([labelled, heldOut], config, lexicon);
    const all = corpus.examples.map((_, i) => i);
    const styles = trainStyles(corpus, all, config);
    const row = new Float64Array(2);
    const right = all.filter((i) => {
      linearScores(styles.weights, styles.bias, config.hashBits, 2, corpus.examples[i]!.f, row);
      return (row[1]! > row[0]! ? 1 : 0) === corpus.setOf[i];
    });
    expect(right.length / all.length).toBeGreaterThan(0.9);

    const z = outOfFoldLogits(corpus, config);
    const styleScores = outOfFoldStyles(corpus, config);
    const blend = tuneBlend(corpus, z, styleScores, all);
    const mean = createMeanMacroF1(corpus, all);
    const alone = mean(z, tuneOffsets(corpus, z, all));
    expect(mean(blendedLogits(corpus, z, styleScores, blend, all), blend.offsets)).toBeGreaterThanOrEqual(alone - 1e-9);
    // No blend leaves the logits as they are.
    expect(blendedLogits(corpus, z, styleScores, NO_BLEND(2), all)).toEqual(z);
  });

  it('refuses a model with more styles than the scoring table holds', () => {
    const rows = (1 << config.hashBits) + DENSE_FEATURES;
    const styles = ['a', 'b', 'c', 'd', 'e', 'f'];
    const header = {
      hashBits: config.hashBits,
      dense: DENSE_FEATURES,
      offsets: [0, 0, 0] as [number, number, number],
      bias: [0, 0, 0],
      styles,
      styleBias: styles.map(() => 0),
      lexiconShare: styles.map(() => 0),
      lexiconGain: 1,
      training: {},
    };
    const bytes = encodeModel(header, new Float64Array(rows * 3), new Float64Array(rows * styles.length));
    expect(() => decodeModel(bytes, 'six-styles.model')).toThrow(
      'Sentiment model six-styles.model is corrupt (unexpected styles)',
    );
  });

  it('writes a model file that scores as the trained weights do (int16 quantisation), style and blend included', () => {
    const corpus = buildCorpus([labelled, heldOut], config, lexicon);
    const all = corpus.examples.map((_, i) => i);
    const model = train(corpus.examples, config);
    const styles = trainStyles(corpus, all, config);
    const blend = { lexiconShare: [0.7, 0.1], lexiconGain: 4 };
    const bytes = encodeModel(
      {
        hashBits: config.hashBits,
        dense: DENSE_FEATURES,
        offsets: [0, 0, 0],
        bias: model.bias,
        styles: ['labelled', 'held-out'],
        styleBias: styles.bias,
        ...blend,
        training: {},
      },
      model.weights,
      styles.weights,
    );
    const decoded = decodeModel(bytes, 'test.model');
    expect(decoded.version).toMatch(/^learned-[0-9a-f]{12}$/);
    const analyser = createSentimentAnalyser(decoded, lexicon);
    const style = new Float64Array(2);
    const got = new Float64Array(3);
    const gotStyle = new Float64Array(2);
    for (const [i, p] of [...labelled.posts, ...heldOut.posts].entries()) {
      const f = corpus.examples[i]!.f;
      const want = linearScores(model.weights, model.bias, config.hashBits, 3, f);
      modelScores(decoded, f, got, gotStyle);
      for (let k = 0; k < 3; k++) expect(got[k]).toBeCloseTo(want[k]!, 3);
      linearScores(styles.weights, styles.bias, config.hashBits, 2, f, style);
      for (let k = 0; k < 2; k++) expect(gotStyle[k]).toBeCloseTo(style[k]!, 3);
      blendLexicon(want, 0, lexiconShareOf(style, blend.lexiconShare), blend.lexiconGain, lexiconCompoundOf(f));
      const margin = [...want].sort((a, b) => b - a);
      if (margin[0]! - margin[1]! > 0.01) {
        expect(analyser.analyse(p.text).label).toBe(CLASSES[want.indexOf(Math.max(...want))]);
        expect(analyser.analyse(p.text).compound).toBeCloseTo(decide(want, [0, 0, 0]).compound, 2);
      }
    }
  });
});
