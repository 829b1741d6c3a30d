import type { Knex } from 'knex';
import { createPostAnalyzer, type PostAnalyzer } from '../../core/signal/analyzePost';
import type { SentimentAnalyser } from '../../core/signal/sentimentModel';
import { readTickerExtractorDeps } from '../universe/tickerExtractorDeps';

const TTL_MS = 60_000;

/** The production analyzer built from the Postgres listed universe and the admin-edited ambiguity list and former symbols, rebuilt at most once a minute. */
export function createPostAnalyzerCache(db: Knex, sentiment: SentimentAnalyser) {
  let cached: { analyzer: PostAnalyzer; loadedAt: number } | undefined;
  let loading: Promise<PostAnalyzer> | undefined;

  async function load(): Promise<PostAnalyzer> {
    const analyzer = createPostAnalyzer(await readTickerExtractorDeps(db), sentiment);
    cached = { analyzer, loadedAt: Date.now() };
    return analyzer;
  }

  return {
    async get(): Promise<PostAnalyzer> {
      if (cached && Date.now() - cached.loadedAt < TTL_MS) return cached.analyzer;
      loading ??= load().finally(() => (loading = undefined));
      return await loading;
    },
    invalidate(): void {
      cached = undefined;
    },
  };
}
export type PostAnalyzerCache = ReturnType<typeof createPostAnalyzerCache>;
