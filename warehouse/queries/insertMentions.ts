import type { Warehouse } from '../client';

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
}

const BATCH = 50_000;

/** Idempotent: a re-inserted (ticker, platform, post) replaces itself and the rollups count distinct posts. */
export async function insertMentions(warehouse: Warehouse, rows: MentionRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await warehouse.insert({ table: 'mentions', values: rows.slice(i, i + BATCH), format: 'JSONEachRow' });
  }
}
