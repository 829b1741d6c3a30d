import type { Warehouse } from '../client';
import { tabSeparatedStream } from './tabSeparated';

export interface PostRow {
  platform: string;
  post_id: string;
  source: string;
  /** 16 hex characters of a hash of platform and author; the author's name is not stored. */
  author_hash: string;
  ts: string;
  title: string;
  text: string;
  url: string;
  engagement: number;
  simulated: boolean;
}

const columns = ['platform', 'post_id', 'source', 'author_hash', 'ts', 'title', 'text', 'url', 'engagement', 'simulated'] as const;
const BATCH = 20_000;

export async function insertPosts(warehouse: Warehouse, rows: PostRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await warehouse.insert({ table: 'posts', columns: [...columns], values: tabSeparatedStream(rows.slice(i, i + BATCH), columns), format: 'TabSeparated' });
  }
}
