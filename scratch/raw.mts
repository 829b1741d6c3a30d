import { Readable } from "node:stream";
import fs from 'node:fs';
import { createClient } from '@clickhouse/client';
import { createChdbConnection } from 'chdb/connection';
import { migrateWarehouse } from '/work/main/warehouse/migrate';
import { type MentionRow } from '/work/main/warehouse/queries/insertMentions';
import { tabSeparatedStream } from '/work/main/warehouse/queries/tabSeparated';
import { createPostAnalyzer } from '/work/main/core/signal/analyzePost';
import { loadTickerData } from '/work/main/core/signal/tickerData';
import { analysePosts } from '/work/main/workflows/activities/scanActivities';
import { createSimulatedConnector } from '/work/main/workflows/connectors/simulatedFeed';
import { simulatedTickers } from '/work/main/workflows/connectors/simulatedTickers';
const dir = '/tmp/exp/ch3'; fs.rmSync(dir, { recursive: true, force: true });
const conn = createChdbConnection({ path: dir }) as any;
const w = createClient({ clickhouse_settings: { date_time_input_format: 'best_effort' }, connection: conn } as any);
await w.command({ query: 'CREATE DATABASE IF NOT EXISTS b' }); await w.command({ query: 'USE b' });
await migrateWarehouse(w as any);
const data = loadTickerData();
const analyzer = createPostAnalyzer(data);
async function rows(posts: number, seed: number) {
  const options = { seed, tickers: simulatedTickers(data.universe as any, seed), postsPerMinute: posts / 3 / 1440, now: () => new Date('2026-11-20T00:00:30Z') };
  const out: MentionRow[] = [];
  for (const platform of ['reddit', 'twitter', 'youtube'] as const) {
    const f = await createSimulatedConnector(platform, options).fetchNew({ platform, settingType: 'keywords', value: 'bench' }, null, { maxPosts: Infinity });
    out.push(...analysePosts(f.posts, analyzer, true).mentionRows);
  }
  return out;
}
const cols = ['ticker','platform','post_id','source','author_hash','ts','compound','label','engagement','simulated'] as const;
async function time(label: string, f: () => Promise<unknown>) { const s = performance.now(); const r = await f(); console.log(label, ((performance.now()-s)/1000).toFixed(3)); return r; }
async function buf(r: MentionRow[]) { const chunks=[]; for await (const c of tabSeparatedStream(r, cols)) chunks.push(c); return Buffer.concat(chunks); }
for (const seed of [1,2,3,4]) {
  const b = await buf(await rows(100000, seed));
  await time(`client.insert`, () => w.insert({ table: 'mentions', columns: [...cols], values: Readable.from([b], { objectMode: false }), format: 'TabSeparated' }));
  const b2 = await buf(await rows(100000, seed + 10));
  await time(`rawInsert`, () => conn.chdb.rawInsert({ table: 'mentions', columns: [...cols], values: b2, format: 'TabSeparated', settings: { date_time_input_format: 'best_effort' } }));
}
process.exit(0);
