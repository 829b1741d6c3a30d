import type { Warehouse } from '../client';
import { tabSeparatedStream } from './tabSeparated';

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

const columns = ['ticker', 'platform', 'post_id', 'source', 'author_hash', 'ts', 'compound', 'label', 'engagement', 'simulated'] as const;
const BATCH = 100_000;

/** Idempotent: a re-inserted (ticker, platform, post) replaces itself and the rollups count distinct posts. */
export async function insertMentions(warehouse: Warehouse, rows: MentionRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await warehouse.insert({ table: 'mentions', columns: [...columns], values: tabSeparatedStream(rows.slice(i, i + BATCH), columns), format: 'TabSeparated' });
  }
}
