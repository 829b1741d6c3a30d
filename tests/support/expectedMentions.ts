import type { Knex } from 'knex';
import { createPostAnalyser } from '../../domain/signal/analysePost';
import { createSentimentAnalyser, loadSentimentModel } from '../../domain/signal/sentimentModel';
import type { Warehouse } from '../../warehouse/client';
import type { Connector, Source } from '../../domain/scans/connector';
import { readTickerExtractorDeps } from '../../domain/universe/tickerExtractorDeps';

/** What a clean scan must write: every (ticker, platform, post) the production analyser finds in the connector's posts. */
export async function expectedMentionKeys(db: Knex, connector: Connector, sources: Source[]): Promise<string[]> {
  const analyser = createPostAnalyser(await readTickerExtractorDeps(db), createSentimentAnalyser(loadSentimentModel()));
  const keys = new Set<string>();
  for (const source of sources) {
    const { posts } = await connector.fetchNew(source, null, { maxPosts: 1_000_000 });
    for (const post of posts)
      for (const ticker of analyser.analyse(post.title ? `${post.title}\n${post.text}` : post.text).tickers)
        keys.add(`${ticker}|${post.platform}|${post.postId}`);
  }
  return [...keys].sort();
}

export async function storedMentionKeys(warehouse: Warehouse): Promise<string[]> {
  const result = await warehouse.query({
    query: `SELECT concat(ticker, '|', platform, '|', post_id) AS k FROM mentions FINAL ORDER BY k`,
    format: 'JSONEachRow',
  });
  return (await result.json<{ k: string }>()).map((r) => r.k);
}

/** Total mentions as the per-minute rollups count them (what every dashboard number is built from). */
export async function rollupMentionTotal(warehouse: Warehouse): Promise<number> {
  const result = await warehouse.query({
    query: `SELECT uniqExact(post) AS n FROM mention_minutes GROUP BY ticker, platform, minute`,
    format: 'JSONEachRow',
  });
  return (await result.json<{ n: number }>()).reduce((sum, r) => sum + r.n, 0);
}
