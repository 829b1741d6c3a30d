import type { Knex } from 'knex';
import { createPostAnalyzer, type PostAnalyzer } from '../../core/signal/analyzePost';
import type { SentimentAnalyser } from '../../core/signal/sentimentModel';

const TTL_MS = 60_000;

/** The production analyzer built from the Postgres ticker universe and the admin-edited ambiguity list, rebuilt at most once a minute. */
export function createPostAnalyzerCache(db: Knex, sentiment: SentimentAnalyser) {
  let cached: { analyzer: PostAnalyzer; loadedAt: number } | undefined;
  let loading: Promise<PostAnalyzer> | undefined;

  async function load(): Promise<PostAnalyzer> {
    const [tickers, ambiguous] = await Promise.all([
      db('tickers').select<{ symbol: string; name: string; aliases: string[] }[]>('symbol', 'name', 'aliases'),
      db('ambiguous_symbols').pluck<string[]>('symbol'),
    ]);
    const analyzer = createPostAnalyzer({ universe: tickers, ambiguous }, sentiment);
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
