/**
 * npm run eval:unseen -- <file.jsonl | folder> … [--data ../shared/signal-data]
 *
 * The committed sentiment models on labelled posts they never trained on: per set, macro-F1 / accuracy of the label
 * subscribers see (the combination), of the transformer and the linear model alone, of the lexicon and plain VADER;
 * then the mean and the weakest set beside the product's targets. Each set is a JSONL file of
 * `{"text", "label", "id"?}` lines, labels bullish / bearish / neutral (or positive / negative). Posts whose text is
 * one of the training posts (those under `--data`, normalised as that data's README de-duplicates them) are left out
 * and counted.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { createSentimentAnalyser, loadSentimentModel } from '../domain/signal/sentimentModel';
import { readTransformerModel } from '../domain/sentiment/transformerModel';
import { createTransformerPool } from '../domain/sentiment/transformerPool';
import { ANALYSER_NAMES, type LabelsByAnalyser } from './sentiment/committedLabels';
import { formatScores, meanScores, printTable } from './sentiment/report';
import { dataDirArg, readLabelledPaths, readLabelledSets } from './sentiment/signalData';
import { scoreUnseenSets, trainingTextsOf } from './sentiment/unseenSets';

/** The product's accuracy targets on sets it never saw (docs/sentiment-transformer.md). */
const TARGET_MEAN = 0.78;
const TARGET_WEAKEST = 0.65;

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const dataAt = argv.indexOf('--data');
  if (dataAt >= 0 && !argv[dataAt + 1]) throw new Error('--data needs the folder that holds sentiment/*.jsonl');
  const paths = argv.filter((_, i) => dataAt < 0 || (i !== dataAt && i !== dataAt + 1));
  if (paths.length === 0) throw new Error('name at least one labelled .jsonl file or folder of them');
  const sets = readLabelledPaths(paths);

  // Named training data must be there; the default is checked only when it exists.
  const dataDir = dataDirArg(argv);
  const haveTraining = dataAt >= 0 || existsSync(dataDir);
  const trainingTexts = haveTraining ? trainingTextsOf(readLabelledSets(dataDir)) : null;

  const model = loadSentimentModel();
  const info = readTransformerModel();
  const transformer = createTransformerPool(info, { threads: availableParallelism() });
  const shares = info.training.combination;
  try {
    const figures = await scoreUnseenSets(sets, trainingTexts, {
      linear: createSentimentAnalyser(model),
      transformer,
      shares,
    });
    console.log(`eval:unseen: the committed models on ${sets.length} labelled set(s), macro-F1 / accuracy`);
    console.log(
      `  combination = ${shares.transformer} × ${info.version} + ${shares.linear} × ${model.version} + ${shares.lexicon} × lexicon; ` +
        (trainingTexts
          ? `posts found among the ${trainingTexts.size.toLocaleString('en-US')} training posts of ${dataDir} are left out`
          : `overlap with the training posts not checked (no ${dataDir}; pass --data <folder>)`),
    );
    const analysers = Object.keys(ANALYSER_NAMES) as (keyof LabelsByAnalyser)[];
    const scored = figures.filter((f) => f.scores);
    const mean = (k: keyof LabelsByAnalyser) => meanScores(scored.map((f) => f.scores![k]));
    printTable([
      ['set', 'posts', 'left out (in training)', ...analysers.map((k) => ANALYSER_NAMES[k])],
      ...figures.map((f) => [
        f.name,
        f.posts.toLocaleString('en-US'),
        f.inTraining.toLocaleString('en-US'),
        ...analysers.map((k) => formatScores(f.scores?.[k])),
      ]),
      ['mean of sets', '', '', ...analysers.map((k) => formatScores(mean(k)))],
    ]);
    const weakest = scored.reduce<(typeof scored)[0] | undefined>(
      (low, f) => (!low || f.scores!.combination.macroF1 < low.scores!.combination.macroF1 ? f : low),
      undefined,
    );
    if (weakest) {
      const m = mean('combination')!.macroF1;
      const w = weakest.scores!.combination.macroF1;
      console.log(
        `  the label subscribers see: mean macro-F1 ${m.toFixed(3)} (target ≥ ${TARGET_MEAN}: ${m >= TARGET_MEAN ? 'met' : 'not met'}), ` +
          `weakest set ${weakest.name} ${w.toFixed(3)} (target ≥ ${TARGET_WEAKEST}: ${w >= TARGET_WEAKEST ? 'met' : 'not met'})`,
      );
    }
  } finally {
    await transformer.close();
  }
}

main().catch((err: unknown) => {
  console.error(`eval:unseen: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});
