/**
 * npm run eval:signal [-- --data ../shared/signal-data]
 *
 * How well each sentiment analyser labels real third-party posts, per labelled set:
 *  - the learned model, k-fold cross-validated with the committed model's training settings (each fold
 *    scored by a regression and a style classifier that never saw it, with the lexicon's share per style
 *    and the decision offsets tuned on the other folds only);
 *  - the learned model leave-one-set-out (regression and style classifier trained on the other sets: an
 *    estimate for data unlike the training data);
 *  - the previous lexicon analyser (extended VADER) and plain VADER, which learn nothing, on every post;
 * as macro-F1 (over the classes that hold a tenth of the set) and accuracy, then posts per second;
 * then the ticker figures (bench/tickerAccuracy.ts): recall of listed cashtags in the same posts, precision and
 * recall on the project's labelled sets, and extraction speed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { evaluateTickers, reportTickerAccuracy } from '../bench/tickerAccuracy';
import { plainVaderSentiment, scoreSentiment, type SentimentLabel } from '../domain/signal/sentiment';
import { CLASSES, createSentimentAnalyser, linearScores, loadSentimentModel, type SentimentAnalyser } from '../domain/signal/sentimentModel';
import { blendedLogits, buildCorpus, DEFAULT_CONFIG, judgedSets, labelsOf, outOfFoldLogits, outOfFoldStyles, scoresBySet, styleScoresOf, train, trainStyles, tuneBlend, type TrainingConfig } from './sentiment/crossValidation';
import { scoreLabels, type Scores } from '../domain/signal/labelScores';
import { dataDirArg, readLabelledSets, SUPPLEMENT_SETS } from './sentiment/signalData';

const fmt = (s: Scores | undefined) => (s ? `${s.macroF1.toFixed(3)} / ${s.accuracy.toFixed(3)}` : '—');

function postsPerSecond(texts: readonly string[], score: (t: string) => unknown): number {
  for (let i = 0; i < Math.min(2_000, texts.length); i++) score(texts[i]!);
  const start = process.hrtime.bigint();
  for (const t of texts) score(t);
  return Math.round(texts.length / (Number(process.hrtime.bigint() - start) / 1e9));
}

function projectSet(file: string): Array<{ text: string; label: SentimentLabel }> {
  return readFileSync(new URL(`../domain/signal/${file}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as { text: string; label: SentimentLabel });
}

function main(): void {
  const started = Date.now();
  const dataDir = dataDirArg(process.argv.slice(2));
  const sets = readLabelledSets(dataDir);
  const model = loadSentimentModel();
  const config: TrainingConfig = { ...DEFAULT_CONFIG, ...(model.header.training as Partial<TrainingConfig>) };
  const lexicon = (t: string) => scoreSentiment(t).compound;
  const corpus = buildCorpus(sets, config, lexicon);
  const all = corpus.examples.map((_, i) => i);

  // k-fold: the lexicon's shares and the offsets for fold k come from the other folds' out-of-fold predictions.
  const z = outOfFoldLogits(corpus, config);
  const styleScores = outOfFoldStyles(corpus, config);
  const cvLabels = new Array<SentimentLabel>(all.length);
  for (let k = 0; k < config.folds; k++) {
    const blend = tuneBlend(corpus, z, styleScores, all.filter((i) => corpus.foldOf[i] !== k));
    const inFold = all.filter((i) => corpus.foldOf[i] === k);
    labelsOf(blendedLogits(corpus, z, styleScores, blend, inFold), blend.offsets, inFold).forEach((label, j) => (cvLabels[inFold[j]!] = label));
  }

  // Leave one set out: regression and style classifier trained on the others; shares and offsets tuned on the others'
  // out-of-fold predictions. The left-out set's style was never seen, so its posts are read as the nearest known style.
  const lodo = new Map<number, Scores>();
  for (const s of judgedSets(corpus)) {
    const others = all.filter((i) => corpus.setOf[i] !== s);
    const m = train(others.map((i) => corpus.examples[i]!), config);
    const blend = tuneBlend(corpus, z, styleScores, others);
    const mine = all.filter((i) => corpus.setOf[i] === s);
    const zs = new Float64Array(all.length * 3);
    for (const i of mine) zs.set(linearScores(m.weights, m.bias, config.hashBits, CLASSES.length, corpus.examples[i]!.f), i * 3);
    const styles = styleScoresOf(corpus, trainStyles(corpus, others, config), config, mine);
    lodo.set(s, scoresBySet(corpus, blendedLogits(corpus, zs, styles, blend, mine), blend.offsets, mine).get(s)!);
  }

  const rows = sets.map((set, s) => {
    const idx = all.filter((i) => corpus.setOf[i] === s);
    const gold = idx.map((i) => corpus.gold[i]!);
    return {
      name: set.name + (SUPPLEMENT_SETS.has(set.name) ? ' (supplement)' : ''),
      n: idx.length,
      learned: scoreLabels(gold, idx.map((i) => cvLabels[i]!)),
      lodo: lodo.get(s),
      lexicon: scoreLabels(gold, set.posts.map((p) => scoreSentiment(p.text).label)),
      vader: scoreLabels(gold, set.posts.map((p) => plainVaderSentiment(p.text).label)),
    };
  });
  const judged = rows.filter((_, s) => !SUPPLEMENT_SETS.has(sets[s]!.name));
  const mean = (pick: (r: (typeof rows)[0]) => Scores | undefined): Scores => ({
    macroF1: judged.reduce((sum, r) => sum + (pick(r)?.macroF1 ?? 0), 0) / judged.length,
    accuracy: judged.reduce((sum, r) => sum + (pick(r)?.accuracy ?? 0), 0) / judged.length,
  });

  console.log(`eval:signal: sentiment on ${all.length.toLocaleString('en-US')} labelled posts, macro-F1 / accuracy`);
  console.log(`  learned model ${model.version}; ${config.folds}-fold CV with L2 ${config.l2}, ${config.epochs} epochs, seed ${config.seed}`);
  const header = ['set', 'posts', `learned (${config.folds}-fold CV)`, 'learned (leave set out)', 'lexicon (previous)', 'plain VADER'];
  const table = [
    header,
    ...rows.map((r) => [r.name, String(r.n), fmt(r.learned), fmt(r.lodo), fmt(r.lexicon), fmt(r.vader)]),
    ['mean of judged sets', '', fmt(mean((r) => r.learned)), fmt(mean((r) => r.lodo)), fmt(mean((r) => r.lexicon)), fmt(mean((r) => r.vader))],
  ];
  const widths = header.map((_, c) => Math.max(...table.map((row) => row[c]!.length)));
  for (const row of table) console.log('  ' + row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  '));

  const analyser: SentimentAnalyser = createSentimentAnalyser(model);
  const own = (file: string) => {
    const posts = projectSet(file);
    return scoreLabels(posts.map((p) => p.label), posts.map((p) => analyser.analyse(p.text).label));
  };
  console.log(`  project sets (committed model): labelledPosts ${fmt(own('labelledPosts.jsonl'))}, heldOutPosts ${fmt(own('heldOutPosts.jsonl'))}`);

  const texts = sets.flatMap((s) => s.posts.map((p) => p.text));
  console.log(
    `  posts/s on these posts, one core: learned ${postsPerSecond(texts, (t) => analyser.analyse(t)).toLocaleString('en-US')}, ` +
      `lexicon ${postsPerSecond(texts, scoreSentiment).toLocaleString('en-US')}, plain VADER ${postsPerSecond(texts, plainVaderSentiment).toLocaleString('en-US')}`,
  );
  reportTickerAccuracy(evaluateTickers({ dataDir: path.resolve(dataDir), payloadsDir: path.resolve(dataDir, '..', 'real-payloads') }));
  console.log(`eval:signal: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

try {
  main();
} catch (err) {
  console.error(`eval:signal: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
