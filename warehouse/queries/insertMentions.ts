import type { Warehouse } from '../client';
import { rollupMentionHours } from './rollupMentionHours';
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

/**
 * Inserts mention rows; the per-minute rollups follow on insert (mention_minutes_mv), the hourly ones do not (see
 * insertMentions). Idempotent: a re-inserted (ticker, platform, post) replaces itself and the rollups count distinct posts.
 */
export async function insertMentionRows(warehouse: Warehouse, rows: MentionRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await warehouse.insert({ table: 'mentions', columns: [...columns], values: tabSeparatedStream(rows.slice(i, i + BATCH), columns), format: 'TabSeparated' });
  }
}

/** The first and last timestamp of the rows, or null for none. A timestamp JavaScript cannot read is an error. */
export function mentionSpan(rows: readonly MentionRow[]): { from: Date; to: Date } | null {
  let from = Infinity;
  let to = -Infinity;
  for (const row of rows) {
    const t = Date.parse(row.ts);
    if (Number.isNaN(t)) throw new Error(`Mention ${row.post_id} has an unreadable timestamp: ${row.ts}`);
    if (t < from) from = t;
    if (t > to) to = t;
  }
  return rows.length > 0 ? { from: new Date(from), to: new Date(to) } : null;
}

/**
 * What every writer of mentions calls: the rows (with their per-minute rollups), then the hourly rollups of the minutes
 * they span, merged from the per-minute states (warehouse/migrations/005). Idempotent as a whole: a retry re-inserts
 * the same rows and re-merges the same sets.
 */
export async function insertMentions(warehouse: Warehouse, rows: MentionRow[]): Promise<void> {
  const span = mentionSpan(rows);
  await insertMentionRows(warehouse, rows);
  if (span) await rollupMentionHours(warehouse, span.from, span.to);
}
