import fs from 'node:fs';
import { connectWarehouse } from '/work/main/warehouse/client';
import { migrateWarehouse } from '/work/main/warehouse/migrate';
import { insertMentionRows, type MentionRow } from '/work/main/warehouse/queries/insertMentions';
import { tabSeparatedStream } from '/work/main/warehouse/queries/tabSeparated';
const dir = '/tmp/exp/ch'; fs.rmSync(dir, { recursive: true, force: true });
const w = await connectWarehouse({ user: 'default', password: '', database: 'b', chdbPath: dir });
await migrateWarehouse(w);
function rows(n: number, run: number, spreadSec: number): MentionRow[] {
  const base = Date.parse('2026-11-20T00:00:00Z');
  return Array.from({ length: n }, (_, i) => ({ ticker: `T${i % 500}`, platform: ['reddit','twitter','youtube'][i%3]!, post_id: `bench_${run}_${i}`, source: 'bench', author_hash: (i % 5000).toString(16).padStart(16,'0'), ts: new Date(base + (i % spreadSec) * 1000).toISOString(), compound: ((i%200)-100)/100, label: (i%3===0?'bullish':i%3===1?'bearish':'neutral') as any, engagement: i%100, simulated: true }));
}
const cols = ['ticker','platform','post_id','source','author_hash','ts','compound','label','engagement','simulated'] as const;
async function time(label: string, f: () => Promise<unknown>) { const s = performance.now(); await f(); console.log(label, ((performance.now()-s)/1000).toFixed(3)); }
await insertMentionRows(w, rows(1000, 0, 86400));
for (const spread of [86400, 3600, 300]) {
  const r = rows(110000, spread, spread);
  await time(`tsv build`, async () => tabSeparatedStream(r, cols));
  await time(`insert+mv spread=${spread}`, () => insertMentionRows(w, r));
}
await w.command({ query: 'DROP VIEW mention_minutes_mv' });
const r = rows(110000, 99, 86400);
await time(`insert no mv`, () => insertMentionRows(w, r));
await w.command({ query: `CREATE TABLE m2 AS mentions ENGINE = MergeTree ORDER BY (ticker, platform, post_id)` });
const s = tabSeparatedStream(rows(110000, 98, 86400), cols);
await time(`insert plain mergetree`, () => w.insert({ table: 'm2', columns: [...cols], values: s, format: 'TabSeparated' }));
process.exit(0);
