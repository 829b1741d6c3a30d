import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSentimentAnalyser, loadSentimentModel } from '../signal/sentimentModel';
import { scoreSentiment } from '../signal/sentiment';
import {
  combinedScore,
  lexiconCompound,
  lexiconProbabilities,
  linearProbabilities,
  mixProbabilities,
} from './combinedScore';
import {
  DEFAULT_TRANSFORMER_DIR,
  readTransformerModel,
  TRANSFORMER_FILES,
  TransformerModelError,
} from './transformerModel';
import { createTransformerPool, type TransformerPool } from './transformerPool';

const CLASSES = ['bearish', 'neutral', 'bullish'] as const;
const labelAt = (p: Float32Array, i: number) =>
  CLASSES[[0, 1, 2].reduce((best, k) => (p[i * 3 + k]! > p[i * 3 + best]! ? k : best), 0)];

describe('the committed sentiment transformer', () => {
  let pool: TransformerPool;
  beforeAll(() => {
    pool = createTransformerPool(readTransformerModel(), { threads: 2 });
  });
  afterAll(async () => pool?.close());

  it('labels plain bullish, bearish and neutral posts as a reader would', async () => {
    const texts = [
      '$NVDA beat earnings, loading up more calls, this is going to the moon',
      '$TSLA is going to crash hard, buying puts, get out while you can',
      'Apple to hold its annual shareholder meeting on March 1',
    ];
    const p = await pool.score(texts);
    expect(texts.map((_, i) => labelAt(p, i))).toEqual(['bullish', 'bearish', 'neutral']);
  });

  it('reads an empty or blank text as neutral, scores emoji and other scripts, and reads a long text by its opening', async () => {
    const opening = '$AMD earnings beat, raising guidance, very bullish on this one. ';
    const texts = [
      '',
      '   \n\t',
      '🚀🚀🚀 💎🙌',
      'テスラの株価が暴落した 📉',
      'Кошмар, акции падают',
      opening + 'filler words here '.repeat(2_000),
      opening,
    ];
    const p = await pool.score(texts);
    expect(Array.from(p.subarray(0, 6))).toEqual([0, 1, 0, 0, 1, 0]);
    for (let i = 0; i < texts.length; i++) {
      const sum = p[i * 3]! + p[i * 3 + 1]! + p[i * 3 + 2]!;
      expect(sum).toBeCloseTo(1, 4);
    }
    // The window holds the opening only: a post padded far past it scores like its opening alone.
    expect(labelAt(p, 5)).toBe(labelAt(p, 6));
  });

  it('scores a text alike alone and padded beside longer ones, the mask hiding the padding', async () => {
    const short = '$AMD looks weak here';
    const texts = [short, `${short} and the guidance cut makes it worse, selling into every bounce from now on`];
    const together = await pool.score([...texts, 'one two three four five six seven eight nine ten eleven twelve']);
    const alone = await pool.score([short]);
    // int8 inference scales activations per run, so the rows beside it move a probability by about 0.01; padding the
    // mask fails to hide moves it by about 0.09.
    for (let k = 0; k < 3; k++) expect(Math.abs(together[k]! - alone[k]!)).toBeLessThan(0.04);
  });

  it('scores on threads at the lowest CPU priority, and leaves the thread that serves the API as it was', async () => {
    // Linux: the niceness is field 19 of a thread's stat line (the fields after the command name's closing bracket).
    const niceness = (statPath: string) => {
      const stat = readFileSync(statPath, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    };
    await pool.score(['$NVDA to the moon']);
    const threads = readdirSync('/proc/self/task').map((tid) => niceness(`/proc/self/task/${tid}/stat`));
    expect(threads.filter((n) => n === 19).length).toBeGreaterThanOrEqual(1);
    expect(niceness('/proc/thread-self/stat')).toBe(0);
  });

  it('scores batches larger than one task in order', async () => {
    const texts = Array.from({ length: 300 }, (_, i) => (i % 2 === 0 ? 'I am so bullish, buying more shares' : ''));
    const p = await pool.score(texts);
    for (let i = 0; i < texts.length; i += 2) expect(p[(i + 1) * 3 + 1]).toBe(1);
    expect(labelAt(p, 0)).toBe(labelAt(p, 298));
  });

  it('gives each text its own scores when a call mixes lengths (the pool groups texts by length)', async () => {
    const bearish = 'Terrible earnings, the stock is crashing and I sold everything at a big loss today';
    const bullish = 'Buying more, so bullish';
    const texts = Array.from({ length: 400 }, (_, i) => (i % 3 === 0 ? bearish : i % 3 === 1 ? bullish : ''));
    const alone = await pool.score([bearish, bullish]);
    expect(labelAt(alone, 0)).toBe('bearish');
    expect(labelAt(alone, 1)).toBe('bullish');
    const p = await pool.score(texts);
    texts.forEach((_, i) => expect(labelAt(p, i)).toBe(i % 3 === 0 ? 'bearish' : i % 3 === 1 ? 'bullish' : 'neutral'));
  });

  it('combines with the linear model and the lexicon by the trained shares', () => {
    const text = '$GME to the moon, buying more';
    const linear = createSentimentAnalyser(loadSentimentModel()).analyse(text);
    const l = linearProbabilities(linear);
    expect(l[0] + l[1] + l[2]).toBeCloseTo(1, 3);
    expect(l[2] - l[0]).toBeCloseTo(linear.compound, 3);
    const transformer = Float32Array.from([0.7, 0.2, 0.1]);
    const compound = lexiconCompound(text);
    const only = (model: 'transformer' | 'linear' | 'lexicon') => ({
      transformer: 0,
      linear: 0,
      lexicon: 0,
      [model]: 1,
    });
    expect(combinedScore(transformer, 0, linear, compound, only('transformer')).label).toBe('bearish');
    expect(combinedScore(transformer, 0, linear, compound, only('linear')).label).toBe(linear.label);
    expect(combinedScore(transformer, 0, linear, compound, only('lexicon')).label).toBe(scoreSentiment(text).label);
    const mixed = combinedScore(transformer, 0, linear, compound, { transformer: 0.5, linear: 0.2, lexicon: 0.3 });
    const expected = [0, 1, 2].map(
      (k) => 0.5 * transformer[k]! + 0.2 * l[k]! + 0.3 * lexiconProbabilities(compound)[k]!,
    );
    expect(mixed.compound).toBeCloseTo(expected[2]! - expected[0]!, 3);
  });

  it('reads a weak lexicon stance as mostly neutral, and a strong one as that side', () => {
    expect(lexiconProbabilities(-0.8)).toEqual([0.8, expect.closeTo(0.2, 9), 0]);
    expect(lexiconProbabilities(0.1)).toEqual([0, expect.closeTo(0.9, 9), 0.1]);
    expect(lexiconProbabilities(1)).toEqual([0, 0, 1]);
    expect(lexiconCompound('')).toBe(0);
  });

  it('leaves a post in which no lexicon word fires to the two learned models, in proportion to their shares', () => {
    // "Added $REGN at 402": a trade, no lexicon word; the learned models lean bullish.
    const text = 'Added $REGN at 402';
    expect(lexiconCompound(text)).toBe(0);
    const transformer = Float32Array.from([0.1, 0.42, 0.48]);
    const linear = [0.2, 0.3, 0.5];
    const shares = { transformer: 0.48, linear: 0.32, lexicon: 0.2 };
    const mixed = mixProbabilities(transformer, 0, linear, 0, 0, shares, new Float64Array(3));
    [0, 1, 2].forEach((k) => expect(mixed[k]).toBeCloseTo(0.6 * transformer[k]! + 0.4 * linear[k]!, 9));
    expect(mixed[2]).toBeGreaterThan(Math.max(mixed[0]!, mixed[1]!));
    // Had the lexicon voted, as it does on the faintest stance, the mix would read neutral.
    const voting = mixProbabilities(transformer, 0, linear, 0, 0.05, shares, new Float64Array(3));
    expect(voting[1]).toBeGreaterThan(Math.max(voting[0]!, voting[2]!));
    // A lexicon alone has nothing to abstain to.
    expect(mixProbabilities(transformer, 0, linear, 0, 0, { transformer: 0, linear: 0, lexicon: 1 }, mixed)[1]).toBe(1);
  });
});

describe('readTransformerModel', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'transformer-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const copy = () => {
    for (const f of TRANSFORMER_FILES) copyFileSync(path.join(DEFAULT_TRANSFORMER_DIR, f), path.join(dir, f));
  };
  const oneLine = (fn: () => unknown) => {
    try {
      fn();
    } catch (err) {
      expect(err).toBeInstanceOf(TransformerModelError);
      expect((err as Error).message).not.toContain('\n');
      return (err as Error).message;
    }
    throw new Error('expected a TransformerModelError');
  };

  it('names a missing file', () => {
    copy();
    rmSync(path.join(dir, 'model.onnx'));
    expect(oneLine(() => readTransformerModel(dir))).toBe(
      `Sentiment transformer file ${path.join(dir, 'model.onnx')} is missing; restore it from git or run npm run train:sentiment.`,
    );
  });

  it('names a truncated model, a broken tokenizer and an unreadable training record', () => {
    copy();
    writeFileSync(
      path.join(dir, 'model.onnx'),
      readFileSync(path.join(DEFAULT_TRANSFORMER_DIR, 'model.onnx')).subarray(0, 100_000),
    );
    expect(oneLine(() => readTransformerModel(dir))).toMatch(
      new RegExp(`^Sentiment transformer file ${path.join(dir, 'model.onnx')} is corrupt \\(checksum mismatch\\)`),
    );
    copy();
    writeFileSync(path.join(dir, 'tokenizer.json'), '{"model": {}}');
    expect(oneLine(() => readTransformerModel(dir))).toContain(`${path.join(dir, 'tokenizer.json')} is corrupt`);
    copy();
    writeFileSync(path.join(dir, 'training.json'), '{');
    expect(oneLine(() => readTransformerModel(dir))).toContain(
      `${path.join(dir, 'training.json')} is corrupt (not JSON)`,
    );
  });

  it('a scoring thread whose model could not load loads it again on its next task, once the file is back', async () => {
    copy();
    const info = readTransformerModel(dir);
    // The file breaks after start-up's check: the thread's load fails, and the call with it.
    writeFileSync(path.join(dir, 'model.onnx'), 'not a model');
    const onePool = createTransformerPool(info, { threads: 1 });
    try {
      await expect(onePool.score(['$AAPL to the moon'])).rejects.toThrow();
      copy();
      const p = await onePool.score(['$AAPL to the moon, buying more calls']);
      expect(labelAt(p, 0)).toBe('bullish');
    } finally {
      await onePool.close();
    }
  });

  it('a cancelled call ends before its texts are scored, with the reason, and the thread goes on scoring', async () => {
    const onePool = createTransformerPool(readTransformerModel(), { threads: 1 });
    try {
      const texts = Array.from({ length: 512 }, (_, i) => `$NVDA beat earnings again (${i}), loading up more calls`);
      await onePool.score(texts.slice(0, 8));
      const started = performance.now();
      await onePool.score(texts);
      const whole = performance.now() - started;

      const controller = new AbortController();
      const cancelledAt = performance.now();
      const call = onePool.score(texts, { signal: controller.signal });
      setImmediate(() => controller.abort(new Error('worker stopping')));
      await expect(call).rejects.toThrow('worker stopping');
      // The running task stops before its next batch of 8 (of 64), the queued ones before their first.
      expect(performance.now() - cancelledAt).toBeLessThan(whole / 4);
      await expect(onePool.score(texts, { signal: controller.signal })).rejects.toThrow('worker stopping');

      const p = await onePool.score(['$AAPL to the moon, buying more calls']);
      expect(labelAt(p, 0)).toBe('bullish');
    } finally {
      await onePool.close();
    }
  });

  it('reads the committed model and names its version by the weights and the combination shares', () => {
    const info = readTransformerModel();
    const { transformer, linear, lexicon } = info.training.combination;
    expect(transformer + linear + lexicon).toBeCloseTo(1, 6);
    expect(info.version).toMatch(/^transformer-[0-9a-f]{12}-w\d{1,3}-\d{1,3}-\d{1,3}$/);
    const percent = (x: number) => Math.round(x * 100);
    expect(info.version.endsWith(`-w${percent(transformer)}-${percent(linear)}-${percent(lexicon)}`)).toBe(true);
    expect(info.training.maxTokens).toBeGreaterThanOrEqual(32);
  });

  it('gives another version when only the combination shares change, so history is labelled again', () => {
    copy();
    const training = JSON.parse(readFileSync(path.join(dir, 'training.json'), 'utf8')) as Record<string, unknown>;
    const combination = { transformer: 0.25, linear: 0.35, lexicon: 0.4 };
    writeFileSync(path.join(dir, 'training.json'), JSON.stringify({ ...training, combination }));
    const other = readTransformerModel(dir);
    expect(other.version).toBe(readTransformerModel().version.replace(/-w[\d-]+$/, '-w25-35-40'));
    expect(other.version).not.toBe(readTransformerModel().version);
  });

  it('reads the wrapping and padding tokens from tokenizer_config.json, and names the file when one is unknown', () => {
    // all-mpnet-base-v2's vocabulary: <s> 0, </s> 2, <pad> 1 (BERT's would be [CLS] 101, [SEP] 102, [PAD] 0).
    expect(readTransformerModel().special).toEqual({ cls: 0, sep: 2, pad: 1 });
    copy();
    const config = JSON.parse(readFileSync(path.join(dir, 'tokenizer_config.json'), 'utf8')) as Record<string, unknown>;
    // Newer configs write a token as an object holding its text; any token of the vocabulary may be named.
    writeFileSync(
      path.join(dir, 'tokenizer_config.json'),
      JSON.stringify({ ...config, cls_token: { content: '[unused1]' }, pad_token: '[MASK]' }),
    );
    expect(readTransformerModel(dir).special).toEqual({ cls: 6, sep: 2, pad: 107 });
    writeFileSync(path.join(dir, 'tokenizer_config.json'), JSON.stringify({ ...config, sep_token: '[SEP]' }));
    expect(readTransformerModel(dir).special.sep).toBe(106);
    writeFileSync(path.join(dir, 'tokenizer_config.json'), JSON.stringify({ ...config, sep_token: '<eos>' }));
    expect(oneLine(() => readTransformerModel(dir))).toBe(
      `Sentiment transformer file ${path.join(dir, 'tokenizer_config.json')} is corrupt (<eos> is not in the vocabulary); restore it from git or run npm run train:sentiment.`,
    );
    const { pad_token: _dropped, ...withoutPad } = config;
    writeFileSync(path.join(dir, 'tokenizer_config.json'), JSON.stringify(withoutPad));
    expect(oneLine(() => readTransformerModel(dir))).toContain(
      `${path.join(dir, 'tokenizer_config.json')} is corrupt (no pad_token)`,
    );
  });

  it('names training.json when the shares do not sum to one', () => {
    copy();
    const training = JSON.parse(readFileSync(path.join(dir, 'training.json'), 'utf8')) as Record<string, unknown>;
    const combination = { transformer: 0.5, linear: 0.5, lexicon: 0.3 };
    writeFileSync(path.join(dir, 'training.json'), JSON.stringify({ ...training, combination }));
    expect(oneLine(() => readTransformerModel(dir))).toContain(
      `${path.join(dir, 'training.json')} is corrupt (combination: shares must sum to 1)`,
    );
  });
});
