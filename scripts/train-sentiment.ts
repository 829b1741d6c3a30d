/**
 * npm run train:sentiment -- --data ../shared/signal-data [--out domain/signal/model/sentiment.model]
 *                            [--skip-linear] [--skip-transformer] [--candidates l6:64,mp6:64]
 *                            [--final-only] [--threads N] [--prune F]
 *
 * Trains both sentiment models on the labelled posts in `<data>/sentiment/*.jsonl`:
 *
 * 1. The learned linear model (the fast path at ingest), written to domain/signal/model/sentiment.model. Reproducible:
 *    the same data and seed give the same bytes. The L2 penalty is chosen by k-fold cross-validation; the style
 *    classifier's out-of-fold scores, the lexicon's share per style and the neutral and bullish decision offsets are
 *    tuned on the out-of-fold predictions of that penalty.
 * 2. The fine-tuned transformer (scripts/sentiment/train_transformer.py, PyTorch in a virtual environment this script
 *    creates under .tools/train-venv, or SENTIMENT_TRAIN_VENV): each candidate encoder and sequence length is measured
 *    k-fold and leave-one-set-out on every post, the best by the mean of the two is trained and exported as int8 ONNX
 *    into domain/sentiment/model, and the shares of its combination with the linear model and the lexicon are chosen
 *    on the out-of-fold predictions.
 */
import { writeFileSync } from 'node:fs';
import { trainTransformer } from './sentiment/trainTransformer';
import { scoreSentiment } from '../domain/signal/sentiment';
import { DENSE_FEATURES } from '../domain/signal/sentimentFeatures';
import { decodeModel, DEFAULT_MODEL_PATH, encodeModel } from '../domain/signal/sentimentModel';
import {
  blendedLogits,
  buildCorpus,
  DEFAULT_CONFIG,
  judgedSets,
  outOfFoldLogits,
  outOfFoldStyles,
  scoresBySet,
  train,
  trainStyles,
  tuneBlend,
  type LexiconBlend,
} from './sentiment/crossValidation';
import { dataDirArg, readLabelledSets } from './sentiment/signalData';

const L2_GRID = [3e-4, 1e-3, 3e-3];

function main(): void {
  const argv = process.argv.slice(2);
  const dataDir = dataDirArg(argv);
  if (!argv.includes('--skip-linear')) trainLinear(argv, dataDir);
  if (!argv.includes('--skip-transformer')) trainTransformer(argv, dataDir);
}

function trainLinear(argv: string[], dataDir: string): void {
  const outIndex = argv.indexOf('--out');
  const out = outIndex >= 0 && argv[outIndex + 1] ? argv[outIndex + 1]! : DEFAULT_MODEL_PATH;
  const started = Date.now();
  const sets = readLabelledSets(dataDir);
  const corpus = buildCorpus(sets, DEFAULT_CONFIG, (t) => scoreSentiment(t).compound);
  const all = corpus.examples.map((_, i) => i);
  const judged = judgedSets(corpus);
  console.log(
    `train:sentiment: ${all.length} posts in ${sets.length} sets (${sets.map((s) => `${s.name} ${s.posts.length}`).join(', ')})`,
  );

  const styleScores = outOfFoldStyles(corpus, DEFAULT_CONFIG);
  type Choice = LexiconBlend & {
    l2: number;
    offsets: [number, number, number];
    mean: number;
    bySet: Record<string, number>;
  };
  let best: Choice | undefined;
  for (const l2 of L2_GRID) {
    const config = { ...DEFAULT_CONFIG, l2 };
    const z = outOfFoldLogits(corpus, config);
    const blend = tuneBlend(corpus, z, styleScores, all);
    const scores = scoresBySet(corpus, blendedLogits(corpus, z, styleScores, blend, all), blend.offsets, all);
    const mean = judged.reduce((sum, s) => sum + scores.get(s)!.macroF1, 0) / judged.length;
    const bySet = Object.fromEntries(sets.map((s, i) => [s.name, round3(scores.get(i)!.macroF1)]));
    console.log(
      `  L2 ${l2}: ${DEFAULT_CONFIG.folds}-fold macro-F1 ${mean.toFixed(3)} (mean of judged sets) ${JSON.stringify(bySet)} ` +
        `offsets ${blend.offsets.join(' ')}, lexicon share per style ${blend.lexiconShare.join(' ')} × gain ${blend.lexiconGain}`,
    );
    if (!best || mean > best.mean) best = { l2, ...blend, mean, bySet };
  }
  const chosen = best!;
  const config = { ...DEFAULT_CONFIG, l2: chosen.l2 };
  const model = train(corpus.examples, config);
  const styles = trainStyles(corpus, all, config);
  const bytes = encodeModel(
    {
      hashBits: config.hashBits,
      dense: DENSE_FEATURES,
      offsets: chosen.offsets,
      bias: model.bias,
      styles: sets.map((s) => s.name),
      styleBias: styles.bias,
      lexiconShare: chosen.lexiconShare,
      lexiconGain: chosen.lexiconGain,
      training: {
        ...config,
        sets: Object.fromEntries(sets.map((s) => [s.name, s.posts.length])),
        crossValidatedMacroF1: { mean: round3(chosen.mean), ...chosen.bySet },
      },
    },
    model.weights,
    styles.weights,
  );
  writeFileSync(out, bytes);
  const { version } = decodeModel(bytes, out);
  console.log(
    `train:sentiment: L2 ${config.l2}, offsets ${chosen.offsets.join(' ')}, lexicon share ${chosen.lexiconShare.join(' ')} × ${chosen.lexiconGain}; ` +
      `wrote ${out} (${(bytes.length / 1e6).toFixed(2)} MB, ${version}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

try {
  main();
} catch (err) {
  console.error(`train:sentiment: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
