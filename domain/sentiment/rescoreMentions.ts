import { LRUCache } from 'lru-cache';
import type { SentimentAnalyser } from '../signal/sentimentModel';
import type { Warehouse } from '../../warehouse/client';
import type { ClusterTopology } from '../../warehouse/clusterSql';
import { postsToRescore } from '../../warehouse/queries/postsToRescore';
import { dropSupersededMinuteRows } from '../../warehouse/queries/dropSupersededMinuteRows';
import { relabelMentions, type PostLabel } from '../../warehouse/queries/relabelMentions';
import { combinedScores, type CombinationShares } from './combinedScore';
import type { TransformerPool } from './transformerPool';

const HOUR_MS = 3_600_000;
/** Posts scored and written per step: a few seconds of the pool's work at most, then a heartbeat. */
const POSTS_PER_STEP = 256;
/**
 * The transformer's probabilities of texts it read recently, by text, at most about this many bytes (a text's UTF-16
 * length twice, plus its three probabilities and the cache's entry): a text posted again (a copied post, a bot's
 * repeat, the simulated feed's phrases) is read once. 32 MiB holds about 100,000 posts of a hundred characters.
 */
const CACHED_TEXT_BYTES = 32 * 1024 * 1024;

export interface MentionRescorer {
  /** The analyser its labels carry. */
  version: string;
  /**
   * Gives every mention of the hour that starts at or before `hourStart` the transformer's label (combined with the
   * linear model's and the lexicon's by the trained shares), then drops that hour's per-minute rows under the labels replaced, so the
   * cards count each post once under its new label. Safe to run again at any point: mentions already labelled by this
   * version are skipped. An hour with nothing to relabel is left as it is, unless `repair` says an earlier attempt of
   * this step may have stopped between relabelling and dropping (a retry), in which case the drop runs. `relabelled`
   * counts posts, each with one or more mentions. An aborted `signal` stops it before the next step with the signal's
   * reason, leaving the hour for a retry with `repair`.
   */
  rescoreHour(
    hourStart: Date,
    options?: { progress?: (scored: number) => void; repair?: boolean; signal?: AbortSignal },
  ): Promise<{ relabelled: number }>;
}

export interface MentionRescorerDeps {
  warehouse: Warehouse;
  pool: TransformerPool;
  /** The fast-path model, whose probabilities the combination mixes in. */
  linear: SentimentAnalyser;
  combination: CombinationShares;
  /** The ClickHouse cluster the warehouse runs on, if any (CLICKHOUSE_CLUSTER). */
  topology?: ClusterTopology;
  /** Test seam: runs after the mentions are relabelled and before the superseded per-minute rows are dropped. */
  afterRelabel?: () => Promise<void> | void;
}

export function createMentionRescorer(deps: MentionRescorerDeps): MentionRescorer {
  const { warehouse, pool, linear, combination } = deps;
  const known = new LRUCache<string, readonly number[]>({
    maxSize: CACHED_TEXT_BYTES,
    sizeCalculation: (_, text) => 2 * text.length + 128,
  });

  /**
   * Three probabilities per text, in order: each distinct text the cache does not hold is scored once, in one call. A
   * text is the same text to the network whatever post it is in, so the cache belongs to this rescorer's one model.
   */
  async function probabilitiesOf(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array> {
    const step = new Map<string, readonly number[]>();
    for (const text of texts) {
      const cached = known.get(text);
      if (cached) step.set(text, cached);
    }
    const unread = [...new Set(texts.filter((text) => !step.has(text)))];
    if (unread.length > 0) {
      const scored = await pool.score(unread, { signal });
      unread.forEach((text, i) => {
        const p = Array.from(scored.subarray(i * 3, i * 3 + 3));
        step.set(text, p);
        known.set(text, p);
      });
    }
    const out = new Float32Array(texts.length * 3);
    texts.forEach((text, i) => out.set(step.get(text)!, i * 3));
    return out;
  }

  return {
    version: pool.version,
    async rescoreHour(hourStart, { progress, repair = false, signal } = {}) {
      const from = new Date(Math.floor(hourStart.getTime() / HOUR_MS) * HOUR_MS);
      const window = { from, to: new Date(from.getTime() + HOUR_MS), analyser: pool.version };
      const posts = await postsToRescore(warehouse, window);
      // Dropping superseded rows costs far more than finding an hour has nothing to relabel: a sweep over labelled
      // history skips it.
      if (posts.length === 0 && !repair) return { relabelled: 0 };
      for (let start = 0; start < posts.length; start += POSTS_PER_STEP) {
        // A busy hour takes minutes; a stopping worker must not wait for all of it.
        signal?.throwIfAborted();
        const step = posts.slice(start, start + POSTS_PER_STEP);
        const texts = step.map((p) => p.text);
        const scores = combinedScores(
          texts,
          await probabilitiesOf(texts, signal),
          texts.map((t) => linear.analyse(t)),
          combination,
        );
        const labels: PostLabel[] = step.map((p, i) => ({
          platform: p.platform,
          post_id: p.post_id,
          label: scores[i]!.label,
          compound: scores[i]!.compound,
        }));
        await relabelMentions(warehouse, window, labels);
        progress?.(start + step.length);
      }
      await deps.afterRelabel?.();
      await dropSupersededMinuteRows(warehouse, window, deps.topology);
      return { relabelled: posts.length };
    },
  };
}
