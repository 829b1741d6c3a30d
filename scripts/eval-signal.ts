/**
 * npm run eval:signal [-- --data ../shared/signal-data]
 *
 * How well each sentiment analyser labels real third-party posts, per labelled set:
 *  - the transformer, the combination (its probabilities mixed with the linear model's and the lexicon's by the
 *    committed shares) and the linear model side by side, k-fold and leave-one-set-out, on the posts train:sentiment
 *    measured the transformer on (its out-of-fold probabilities are committed in domain/sentiment/model/measured.json);
 *  - the learned linear model on every post, k-fold cross-validated with the committed model's training settings (each
 *    fold scored by a regression and a style classifier that never saw it, with the lexicon's share per style and the
 *    decision offsets tuned on the other folds only) and leave-one-set-out (an estimate for data unlike the training
 *    data);
 *  - the previous lexicon analyser (extended VADER) and plain VADER, which learn nothing, on every post;
 * as macro-F1 (over the classes that hold a tenth of the set) and accuracy, then posts per second of each, the
 * transformer's load time and memory; then the ticker figures (bench/tickerAccuracy.ts): recall of listed cashtags in
 * the same posts, precision and recall on the project's labelled sets, and extraction speed.
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { evaluateTickers, reportTickerAccuracy } from '../bench/tickerAccuracy';
import { plainVaderSentiment, scoreSentiment } from '../domain/signal/sentiment';
import { createSentimentAnalyser, loadSentimentModel, type SentimentAnalyser } from '../domain/signal/sentimentModel';
import { combinedScores } from '../domain/sentiment/combinedScore';
import { readTransformerModel, type TransformerModelInfo } from '../domain/sentiment/transformerModel';
import { createTransformerPool } from '../domain/sentiment/transformerPool';
import { thisMachinesCpu } from '../platform/machine';
import { buildCorpus, DEFAULT_CONFIG, type TrainingConfig } from './sentiment/crossValidation';
import { argmaxLabel, linearOutOfFold } from './sentiment/linearOutOfFold';
import { outOfFold, readTransformerMeasurement, sideBySide, type SideBySide } from './sentiment/transformerFigures';
import { scoreLabels, type Scores } from '../domain/signal/labelScores';
import { dataDirArg, readLabelledSets, readProjectSet, SUPPLEMENT_SETS } from './sentiment/signalData';
import { formatScores, meanScores, printTable } from './sentiment/report';
import { labelWithCommittedModels } from './sentiment/committedLabels';

const fmt = formatScores;

function postsPerSecond(texts: readonly string[], score: (t: string) => unknown): number {
  for (let i = 0; i < Math.min(2_000, texts.length); i++) score(texts[i]!);
  const start = process.hrtime.bigint();
  for (const t of texts) score(t);
  return Math.round(texts.length / (Number(process.hrtime.bigint() - start) / 1e9));
}

async function main(): Promise<void> {
  const started = Date.now();
  const dataDir = dataDirArg(process.argv.slice(2));
  const sets = readLabelledSets(dataDir);
  const model = loadSentimentModel();
  const config: TrainingConfig = { ...DEFAULT_CONFIG, ...(model.header.training as Partial<TrainingConfig>) };
  const lexicon = (t: string) => scoreSentiment(t).compound;
  const corpus = buildCorpus(sets, config, lexicon);
  const all = corpus.examples.map((_, i) => i);
  const ids = sets.flatMap((s) => s.posts.map((p) => p.id));

  const linear = linearOutOfFold(corpus, config);
  const transformerInfo = readTransformerModel();
  const measured = readTransformerMeasurement();
  const shares = transformerInfo.training.combination;
  const oof = outOfFold(corpus, linear, measured);
  const cvSide = sideBySide(corpus, ids, oof.cv, shares);
  const losoSide = sideBySide(corpus, ids, oof.loso, shares);

  const rows = sets.map((set, s) => {
    const idx = all.filter((i) => corpus.setOf[i] === s);
    const gold = idx.map((i) => corpus.gold[i]!);
    return {
      name: set.name + (SUPPLEMENT_SETS.has(set.name) ? ' (supplement)' : ''),
      n: idx.length,
      cv: cvSide.get(s),
      loso: losoSide.get(s),
      learned: scoreLabels(
        gold,
        idx.map((i) => argmaxLabel(linear.cv, i * 3)),
      ),
      lodo: SUPPLEMENT_SETS.has(set.name)
        ? undefined
        : scoreLabels(
            gold,
            idx.map((i) => argmaxLabel(linear.loso, i * 3)),
          ),
      lexicon: scoreLabels(
        gold,
        set.posts.map((p) => scoreSentiment(p.text).label),
      ),
      vader: scoreLabels(
        gold,
        set.posts.map((p) => plainVaderSentiment(p.text).label),
      ),
    };
  });
  const judged = rows.filter((_, s) => !SUPPLEMENT_SETS.has(sets[s]!.name));
  const mean = (pick: (r: (typeof rows)[0]) => Scores | undefined) => meanScores(judged.map(pick));

  const st = measured.setting;
  const measuredOn =
    st.cap >= Math.max(...sets.map((set) => set.posts.length)) ? 'every post' : `at most ${st.cap} posts per set`;
  console.log(`eval:signal: sentiment on ${all.length.toLocaleString('en-US')} labelled posts, macro-F1 / accuracy`);
  console.log(
    `  transformer ${transformerInfo.version} (${st.base}, ${transformerInfo.training.maxTokens} tokens), measured by train:sentiment ` +
      `(${st.epochs} epochs): ${st.folds}-fold and leave-one-set-out on ${measuredOn}; out-of-fold probabilities; ` +
      `combination = ${shares.transformer} × transformer + ${shares.linear} × linear + ${shares.lexicon} × lexicon probabilities; the linear model's on the same posts`,
  );
  const kinds = (f: SideBySide | undefined) => [fmt(f?.transformer), fmt(f?.combination), fmt(f?.linear)];
  const meanOf = (pick: (r: (typeof rows)[0]) => SideBySide | undefined) =>
    [mean((r) => pick(r)?.transformer), mean((r) => pick(r)?.combination), mean((r) => pick(r)?.linear)].map(fmt);
  printTable([
    [
      'set',
      'posts (k-fold)',
      'transformer (k-fold)',
      'combination (k-fold)',
      'linear (k-fold)',
      'posts (leave set out)',
      'transformer (leave set out)',
      'combination (leave set out)',
      'linear (leave set out)',
    ],
    ...rows.map((r) => [r.name, String(r.cv?.n ?? 0), ...kinds(r.cv), String(r.loso?.n ?? 0), ...kinds(r.loso)]),
    ['mean of judged sets', '', ...meanOf((r) => r.cv), '', ...meanOf((r) => r.loso)],
  ]);
  console.log(
    `  every post: learned linear model ${model.version}; ${config.folds}-fold CV with L2 ${config.l2}, ${config.epochs} epochs, seed ${config.seed}`,
  );
  printTable([
    [
      'set',
      'posts',
      `learned (${config.folds}-fold CV)`,
      'learned (leave set out)',
      'lexicon (previous)',
      'plain VADER',
    ],
    ...rows.map((r) => [r.name, String(r.n), fmt(r.learned), fmt(r.lodo), fmt(r.lexicon), fmt(r.vader)]),
    [
      'mean of judged sets',
      '',
      fmt(mean((r) => r.learned)),
      fmt(mean((r) => r.lodo)),
      fmt(mean((r) => r.lexicon)),
      fmt(mean((r) => r.vader)),
    ],
  ]);

  const analyser: SentimentAnalyser = createSentimentAnalyser(model);
  const own = (file: string) => {
    const posts = readProjectSet(file).posts;
    return scoreLabels(
      posts.map((p) => p.label),
      posts.map((p) => analyser.analyse(p.text).label),
    );
  };
  console.log(
    `  project sets (committed model): labelledPosts ${fmt(own('labelledPosts.jsonl'))}, heldOutPosts ${fmt(own('heldOutPosts.jsonl'))}`,
  );
  await reportProjectSetsByTransformer(transformerInfo, analyser);

  const texts = sets.flatMap((s) => s.posts.map((p) => p.text));
  console.log(
    `  posts/s on these posts, one core: learned ${postsPerSecond(texts, (t) => analyser.analyse(t)).toLocaleString('en-US')}, ` +
      `lexicon ${postsPerSecond(texts, scoreSentiment).toLocaleString('en-US')}, plain VADER ${postsPerSecond(texts, plainVaderSentiment).toLocaleString('en-US')}`,
  );
  await reportTransformerSpeed(transformerInfo, analyser, texts);
  reportTickerAccuracy(
    evaluateTickers({ dataDir: path.resolve(dataDir), payloadsDir: path.resolve(dataDir, '..', 'real-payloads') }),
  );
  console.log(`eval:signal: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * The transformer on its worker-thread pool (one thread per core, as the product runs it): model load time and memory
 * of a fresh pool, then posts per second of the transformer alone and of the combination (transformer, linear
 * model and lexicon), on an even sample of the shared posts.
 */
async function reportTransformerSpeed(
  info: TransformerModelInfo,
  linear: SentimentAnalyser,
  texts: readonly string[],
): Promise<void> {
  const threads = availableParallelism();
  const sample = texts
    .filter((_, i) => i % Math.max(1, Math.floor(texts.length / SPEED_SAMPLE)) === 0)
    .slice(0, SPEED_SAMPLE);
  const rssBefore = process.memoryUsage().rss;
  const pool = createTransformerPool(info, { threads: 1 });
  try {
    let t = performance.now();
    await pool.score(['warm up']);
    const loadMs = performance.now() - t;
    const rss = (process.memoryUsage().rss - rssBefore) / 1e6;
    await pool.close();
    const wide = createTransformerPool(info, { threads });
    try {
      await wide.score(sample.slice(0, 256));
      t = performance.now();
      await wide.score(sample);
      const transformerRate = sample.length / ((performance.now() - t) / 1000);
      t = performance.now();
      combinedScores(
        sample,
        await wide.score(sample),
        sample.map((t) => linear.analyse(t)),
        info.training.combination,
      );
      const combinedRate = sample.length / ((performance.now() - t) / 1000);
      console.log(`  CPU: ${thisMachinesCpu()}`);
      console.log(
        `  transformer ${info.version}: model load ${loadMs.toFixed(0)} ms and ${rss.toFixed(0)} MB (one thread, first batch); ` +
          `posts/s on ${sample.length.toLocaleString('en-US')} posts, ${threads} threads: transformer ${Math.round(transformerRate).toLocaleString('en-US')}, combination ${Math.round(combinedRate).toLocaleString('en-US')}`,
      );
    } finally {
      await wide.close();
    }
  } finally {
    await pool.close();
  }
}

/**
 * The committed transformer and the combination on the project's own labelled sets. The transformer never trained on
 * them, so unlike the shared sets these figures describe the committed model itself, on posts it has not seen.
 */
async function reportProjectSetsByTransformer(info: TransformerModelInfo, linear: SentimentAnalyser): Promise<void> {
  const transformer = createTransformerPool(info, { threads: availableParallelism() });
  try {
    const parts: string[] = [];
    for (const file of ['labelledPosts.jsonl', 'heldOutPosts.jsonl']) {
      const posts = readProjectSet(file).posts;
      const gold = posts.map((p) => p.label);
      const labels = await labelWithCommittedModels(
        posts.map((p) => p.text),
        { linear, transformer, shares: info.training.combination },
      );
      parts.push(
        `${file.replace('.jsonl', '')} transformer ${fmt(scoreLabels(gold, labels.transformer))}, combination ${fmt(scoreLabels(gold, labels.combination))}`,
      );
    }
    console.log(`  project sets (committed transformer, never trained on them): ${parts.join('; ')}`);
  } finally {
    await transformer.close();
  }
}

/** Posts the transformer's speed is measured on: a minute or so of this machine. */
const SPEED_SAMPLE = 4_000;

main().catch((err: unknown) => {
  console.error(`eval:signal: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});
