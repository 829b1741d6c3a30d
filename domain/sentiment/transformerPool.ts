import { availableParallelism } from 'node:os';
import Piscina from 'piscina';
import type { TransformerModelInfo } from './transformerModel';

/** Texts per task: large enough that batching pays, small enough that every thread gets work. */
const TEXTS_PER_TASK = 128;

export interface TransformerPool {
  /** The `analyser` recorded with every label this pool's model gives. */
  version: string;
  /**
   * Bearish, neutral, bullish probabilities: three per text, in order. An aborted `signal` ends the call with its
   * reason: tasks not started are skipped and running ones stop before their next batch of texts.
   */
  score(texts: readonly string[], options?: { signal?: AbortSignal }): Promise<Float32Array>;
  /** Waits for the batches running in the threads, then ends them: a thread ended in the middle of one crashes the process. */
  close(): Promise<void>;
}

/**
 * Cuts a call's texts into tasks (arrays of indices into `texts`), longest texts first.
 *
 * Texts of similar length share a task: a worker pads each run to its longest text, so a task of mixed lengths spends
 * much of its work on padding. Characters stand in for tokens, which only the worker counts. The longest texts go
 * first because the threads take tasks in order: the last tasks of a call are then its cheapest, and no thread is left
 * alone with the most expensive one while the others idle.
 */
export function splitIntoTasks(texts: readonly string[], size: number = TEXTS_PER_TASK): number[][] {
  const order = texts.map((_, i) => i).sort((a, b) => texts[b]!.length - texts[a]!.length || a - b);
  const tasks: number[][] = [];
  for (let i = 0; i < order.length; i += size) tasks.push(order.slice(i, i + size));
  return tasks;
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
  const task = (texts: string[], stop: Int32Array) =>
    pool.run({
      dir: model.dir,
      maxTokens: model.training.maxTokens,
      special: model.special,
      texts,
      stop,
    }) as Promise<Float32Array>;
  return {
    version: model.version,
    async score(texts, { signal } = {}) {
      signal?.throwIfAborted();
      // The threads read this flag between batches (shared memory): piscina's own abort would end a thread in the
      // middle of an ONNX run.
      const stop = new Int32Array(new SharedArrayBuffer(4));
      const onAbort = () => Atomics.store(stop, 0, 1);
      signal?.addEventListener('abort', onAbort, { once: true });
      const tasks = splitIntoTasks(texts);
      let parts: Float32Array[];
      try {
        parts = await Promise.all(
          tasks.map((indices) =>
            task(
              indices.map((i) => texts[i]!),
              stop,
            ),
          ),
        );
      } catch (err) {
        signal?.throwIfAborted();
        throw err;
      } finally {
        signal?.removeEventListener('abort', onAbort);
      }
      const out = new Float32Array(texts.length * 3);
      parts.forEach((part, k) => tasks[k]!.forEach((i, j) => out.set(part.subarray(j * 3, j * 3 + 3), i * 3)));
      return out;
    },
    close: () => pool.close({ force: true }),
  };
}
