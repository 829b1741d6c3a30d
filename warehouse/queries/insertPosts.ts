import type { Warehouse } from '../client';
import { insertTabSeparated } from './insertTabSeparated';

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

const columns = [
  'platform',
  'post_id',
  'source',
  'author_hash',
  'ts',
  'title',
  'text',
  'url',
  'engagement',
  'simulated',
] as const;
/** Posts carry their text: smaller chunks than mentions keep each insert's buffer a few MB. */
const CHUNK_ROWS = 10_000;

export async function insertPosts(warehouse: Warehouse, rows: PostRow[]): Promise<void> {
  await insertTabSeparated(warehouse, 'posts', columns, rows, CHUNK_ROWS);
}
