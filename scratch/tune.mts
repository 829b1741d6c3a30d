import fs from 'node:fs';
import { connectWarehouse } from '/work/main/warehouse/client';
import { migrateWarehouse } from '/work/main/warehouse/migrate';
import { type MentionRow } from '/work/main/warehouse/queries/insertMentions';
import { insertTabSeparated } from '/work/main/warehouse/queries/insertTabSeparated';
import { createPostAnalyzer } from '/work/main/core/signal/analyzePost';
import { loadTickerData } from '/work/main/core/signal/tickerData';
import { analysePosts } from '/work/main/workflows/activities/scanActivities';
import { createSimulatedConnector } from '/work/main/workflows/connectors/simulatedFeed';
import { simulatedTickers } from '/work/main/workflows/connectors/simulatedTickers';
const dir = '/tmp/exp/ch6'; fs.rmSync(dir, { recursive: true, force: true });
const w = await connectWarehouse({ user: 'default', password: '', database: 'b', chdbPath: dir });
await migrateWarehouse(w);
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
const sets: MentionRow[][] = []; for (let i = 0; i < 4; i++) sets.push(await rows(100000, i + 1));
const configs = (process.env.CHUNKS ?? '12500,25000,50000,100000').split(',').map(Number);
const results: Record<number, number[]> = {};
for (let round = 0; round < 4; round++) for (const chunk of configs) {
  const r = sets[round]!;
  const s = performance.now();
  await insertTabSeparated(w, 'mentions', cols, r, chunk);
  (results[chunk] ??= []).push(r.length / ((performance.now() - s) / 1000));
}
for (const [k, v] of Object.entries(results)) console.log('chunk', k, v.map((x) => Math.round(x / 1000) + 'k').join(' '), 'median', Math.round(v.sort((a, b) => a - b)[Math.floor(v.length / 2)]! / 1000) + 'k');
process.exit(0);
