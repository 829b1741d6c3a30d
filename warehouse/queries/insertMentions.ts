import type { Warehouse } from '../client';
import { rollupMentionHours, type MinuteCell } from './rollupMentionHours';
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

/** The distinct (ticker, platform, minute) rollup rows the mentions fall in (timestamps are ISO 8601 with a zone, as every writer sends them; one JavaScript cannot read is an error). */
export function minuteCells(rows: readonly MentionRow[]): MinuteCell[] {
  const cells = new Map<string, MinuteCell>();
  for (const row of rows) {
    const t = Date.parse(row.ts);
    if (Number.isNaN(t)) throw new Error(`Mention ${row.post_id} has an unreadable timestamp: ${row.ts}`);
    const minute = Math.floor(t / 60_000) * 60;
    const key = `${row.ticker}\t${row.platform}\t${minute}`;
    if (!cells.has(key)) cells.set(key, { ticker: row.ticker, platform: row.platform, minute });
  }
  return [...cells.values()];
}

/**
 * What every writer of mentions calls: the rows (with their per-minute rollups), then the hourly rollups of the minute
 * rollup rows they fell in, merged from the per-minute states (warehouse/migrations/005). Idempotent as a whole: a retry re-inserts
 * the same rows and re-merges the same sets.
 */
export async function insertMentions(warehouse: Warehouse, rows: MentionRow[]): Promise<void> {
  const cells = minuteCells(rows);
  await insertMentionRows(warehouse, rows);
  await rollupMentionHours(warehouse, cells);
}
