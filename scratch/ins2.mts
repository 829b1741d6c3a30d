import fs from 'node:fs';
import path from 'node:path';
import { connectWarehouse } from '/work/main/warehouse/client';
import { migrateWarehouse } from '/work/main/warehouse/migrate';
import { insertMentionRows, minuteCells, type MentionRow } from '/work/main/warehouse/queries/insertMentions';
import { tabSeparatedStream } from '/work/main/warehouse/queries/tabSeparated';
import { createPostAnalyzer } from '/work/main/core/signal/analyzePost';
import { loadTickerData } from '/work/main/core/signal/tickerData';
import { analysePosts } from '/work/main/workflows/activities/scanActivities';
import { createSimulatedConnector } from '/work/main/workflows/connectors/simulatedFeed';
import { simulatedTickers } from '/work/main/workflows/connectors/simulatedTickers';
const dir = '/tmp/exp/ch2'; fs.rmSync(dir, { recursive: true, force: true });
const w = await connectWarehouse({ user: 'default', password: '', database: 'b', chdbPath: dir });
await migrateWarehouse(w);
const data = await loadTickerData();
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
async function time(label: string, f: () => Promise<unknown>) { const s = performance.now(); await f(); console.log(label, ((performance.now()-s)/1000).toFixed(3)); }
await insertMentionRows(w, await rows(1000, 0));
for (const seed of [1,2,3]) {
  const r = await rows(100000, seed);
  console.log('rows', r.length, 'cells', minuteCells(r).length, 'tickers', new Set(r.map(x=>x.ticker)).size);
  await time(`tsv build`, async () => tabSeparatedStream(r, cols));
  await time(`insert+mv`, () => insertMentionRows(w, r));
}
await w.command({ query: 'DROP VIEW mention_minutes_mv' });
const r = await rows(100000, 9);
await time(`insert no mv`, () => insertMentionRows(w, r));
process.exit(0);
