import type { Knex } from 'knex';
import { createPostAnalyser, type PostAnalyser } from '../signal/analysePost';
import type { SentimentAnalyser } from '../signal/sentimentModel';
import { cachedValue } from '../../platform/ttlCache';
import { readTickerExtractorDeps } from '../universe/tickerExtractorDeps';

/** Admin edits reach every worker within a minute. */
const TTL_MS = 60_000;

/** The production analyser built from the Postgres listed universe and the admin-edited ambiguity list and former symbols, rebuilt at most once a minute (concurrent scans share one rebuild). */
export function createPostAnalyserCache(db: Knex, sentiment: SentimentAnalyser) {
  return cachedValue(
    async (): Promise<PostAnalyser> => createPostAnalyser(await readTickerExtractorDeps(db), sentiment),
    { ttlMs: TTL_MS },
  );
}
export type PostAnalyserCache = ReturnType<typeof createPostAnalyserCache>;
