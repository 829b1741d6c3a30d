import { availableParallelism } from 'node:os';
import Piscina from 'piscina';
import type { TransformerModelInfo } from './transformerModel';

/** Texts per task: large enough that batching pays, small enough that every thread gets work. */
const TEXTS_PER_TASK = 128;

export interface TransformerPool {
  /** The `analyser` recorded with every label this pool's model gives. */
  version: string;
  /** Bearish, neutral, bullish probabilities: three per text, in order. */
  score(texts: readonly string[]): Promise<Float32Array>;
  close(): Promise<void>;
}

/**
 * Niceness of the scoring threads. Scoring is background work (the re-score of recent mentions and of history), so
 * it takes the cores only while nothing else wants them: the API, the Temporal worker's other activities and the
 * stores go first, and a first start's week of re-scoring leaves the dashboard as fast as when idle.
 */
const SCORING_NICENESS = 19;

/**
 * The fine-tuned encoder on a pool of worker threads (piscina), so inference never blocks the event loop that serves
 * the API and runs the Temporal worker. `threads` defaults to the machine's cores; each thread runs one ONNX session
 * on one core at the lowest CPU priority and loads the model on its first task.
 */
export function createTransformerPool(
  model: TransformerModelInfo,
  options: { threads?: number } = {},
): TransformerPool {
  const threads = Math.max(1, options.threads ?? availableParallelism());
  const pool = new Piscina({
    filename: new URL('./scoringWorker.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: threads,
    // A thread idle this long ends and frees its model; the next batch loads it again (well under a second).
    idleTimeout: 60_000,
    // Linux gives each thread its own niceness; piscina applies it in each new thread (@napi-rs/nice).
    niceIncrement: SCORING_NICENESS,
  });
  const task = (texts: string[]) =>
    pool.run({
      dir: model.dir,
      maxTokens: model.training.maxTokens,
      special: model.special,
      texts,
    }) as Promise<Float32Array>;
  return {
    version: model.version,
    async score(texts) {
      // Texts of similar length share a task: a batch is padded to its longest text, so a task of mixed lengths
      // spends much of its work on padding. Characters stand in for tokens, which only the worker counts.
      const order = texts.map((_, i) => i).sort((a, b) => texts[a]!.length - texts[b]!.length);
      const parts: Array<Promise<Float32Array>> = [];
      for (let i = 0; i < order.length; i += TEXTS_PER_TASK)
        parts.push(task(order.slice(i, i + TEXTS_PER_TASK).map((k) => texts[k]!)));
      const out = new Float32Array(texts.length * 3);
      (await Promise.all(parts)).forEach((part, k) => {
        for (let j = 0; j < part.length / 3; j++)
          out.set(part.subarray(j * 3, j * 3 + 3), order[k * TEXTS_PER_TASK + j]! * 3);
      });
      return out;
    },
    close: () => pool.destroy(),
  };
}
