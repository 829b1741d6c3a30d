import type { Warehouse } from '../client';
import { insertTabSeparated } from './insertTabSeparated';

export interface MentionRow {
  ticker: string;
  platform: string;
  post_id: string;
  source: string;
  author_hash: string;
  ts: string;
  compound: number;
  label: 'bullish' | 'bearish' | 'neutral';
  engagement: number;
  simulated: boolean;
  /** The sentiment analyser's version (migration 007). */
  analyser: string;
}

/** The columns of a mention row, in the order they are written. */
export const MENTION_COLUMNS = [
  'ticker',
  'platform',
  'post_id',
  'source',
  'author_hash',
  'ts',
  'compound',
  'label',
  'engagement',
  'simulated',
  'analyser',
] as const;
const CHUNK_ROWS = 25_000;

/**
 * What every writer of mentions calls: the rows, with their per-minute rows and the hours they touch following on insert
 * (mention_minutes_mv, mention_hour_seals_mv). Idempotent: a re-inserted (ticker, platform, post) replaces itself and
 * every read counts distinct posts, so a retried write counts once.
 */
export async function insertMentions(warehouse: Warehouse, rows: readonly MentionRow[]): Promise<void> {
  // Through mention_inserts, which parses the text columns as plain strings and hands each block to `mentions`.
  await insertTabSeparated(warehouse, 'mention_inserts', MENTION_COLUMNS, rows, CHUNK_ROWS);
}
