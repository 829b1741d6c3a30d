// One worker thread of the transformer pool (transformerPool.ts): loads the ONNX model and tokenizer once, then scores
// batches of texts into bearish / neutral / bullish probabilities. Plain JavaScript, so the thread needs no TypeScript
// loader wherever the pool runs (the Temporal worker, tests, scripts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Tokenizer } from '@huggingface/tokenizers';
import * as ort from 'onnxruntime-node';

/** A post is read from its opening: characters past this are never tokenised (far more than maxTokens need). */
const MAX_CHARS = 2_000;

let loaded;

async function load(dir, maxTokens, special) {
  const json = (name) => JSON.parse(readFileSync(join(dir, name), 'utf8'));
  const tokenizer = new Tokenizer(json('tokenizer.json'), json('tokenizer_config.json'));
  // One intra-op thread per worker: the pool is the parallelism, and a single session never takes every core from
  // the API and the rest of the worker.
  const session = await ort.InferenceSession.create(join(dir, 'model.onnx'), {
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    graphOptimizationLevel: 'all',
    // Every optimisation but one: ONNX Runtime's fused SkipLayerNormalization runs slower on the CPU than the Add and
    // LayerNormalization it replaces. Without it the network scores about 15% more posts a second (the figures are
    // in docs/sentiment-transformer.md, under "Serving").
    extra: { optimization: { disable_specified_optimizers: 'SkipLayerNormFusion' } },
  });
  return { tokenizer, session, maxTokens, ...special };
}

/** Token ids of a text's opening, cls … sep ([CLS] … [SEP] in BERT's vocabulary), at most maxTokens long. */
function tokenIds(model, text) {
  const ids = model.tokenizer.encode(text.slice(0, MAX_CHARS), { add_special_tokens: false }).ids;
  const body = ids.length > model.maxTokens - 2 ? ids.slice(0, model.maxTokens - 2) : ids;
  return [model.cls, ...body, model.sep];
}

/**
 * @param {{ dir: string, maxTokens: number, special: { cls: number, sep: number, pad: number }, texts: string[], stop?: Int32Array }} task
 *   `stop` (shared with the pool) set to 1 cancels the task before its next batch.
 * @returns {Promise<Float32Array>} probabilities, three per text (bearish, neutral, bullish); an empty text is [0, 1, 0].
 */
export default async function score({ dir, maxTokens, special, texts, stop }) {
  // A failed load is forgotten, so the thread's next task tries again (a model file restored meanwhile is read).
  loaded ??= load(dir, maxTokens, special).catch((err) => {
    loaded = undefined;
    throw err;
  });
  const model = await loaded;
  const out = new Float32Array(texts.length * 3);
  const rows = [];
  texts.forEach((text, i) => {
    // Nothing to read: no stance. (The tokenizer drops whitespace, control characters and lone marks.)
    const ids = text.trim() === '' ? [] : tokenIds(model, text);
    if (ids.length <= 2) out.set([0, 1, 0], i * 3);
    else rows.push({ i, ids });
  });
  if (rows.length === 0) return out;
  // Similar lengths side by side, so padding stays small.
  rows.sort((a, b) => a.ids.length - b.ids.length);
  // Small runs: each is padded only to its own longest text, and an int8 run of 8 rows costs no more per post than
  // one of 32 (docs/sentiment-experiments.md, "Speed and memory").
  const BATCH = 8;
  for (let start = 0; start < rows.length; start += BATCH) {
    if (stop && Atomics.load(stop, 0) === 1) throw new Error('Scoring cancelled');
    const batch = rows.slice(start, start + BATCH);
    const width = batch[batch.length - 1].ids.length;
    const inputIds = new BigInt64Array(batch.length * width).fill(BigInt(model.pad));
    const mask = new BigInt64Array(batch.length * width);
    batch.forEach((row, r) => {
      row.ids.forEach((id, t) => {
        inputIds[r * width + t] = BigInt(id);
        mask[r * width + t] = 1n;
      });
    });
    const result = await model.session.run({
      input_ids: new ort.Tensor('int64', inputIds, [batch.length, width]),
      attention_mask: new ort.Tensor('int64', mask, [batch.length, width]),
    });
    const logits = result.logits.data;
    batch.forEach((row, r) => {
      const a = logits[r * 3];
      const b = logits[r * 3 + 1];
      const c = logits[r * 3 + 2];
      const m = Math.max(a, b, c);
      const ea = Math.exp(a - m);
      const eb = Math.exp(b - m);
      const ec = Math.exp(c - m);
      const sum = ea + eb + ec;
      out.set([ea / sum, eb / sum, ec / sum], row.i * 3);
    });
  }
  return out;
}
