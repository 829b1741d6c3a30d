import { tabSeparatedStream } from '/work/main/warehouse/queries/tabSeparated';
import { type MentionRow } from '/work/main/warehouse/queries/insertMentions';
import { createPostAnalyzer } from '/work/main/core/signal/analyzePost';
import { loadTickerData } from '/work/main/core/signal/tickerData';
import { analysePosts } from '/work/main/workflows/activities/scanActivities';
import { createSimulatedConnector } from '/work/main/workflows/connectors/simulatedFeed';
import { simulatedTickers } from '/work/main/workflows/connectors/simulatedTickers';
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
for (const seed of [1,2,3,4,5]) {
  const r = await rows(100000, seed);
  const s = performance.now();
  for (let i = 0; i < r.length; i += 12500) tabSeparatedStream(r.slice(i, i + 12500), cols);
  console.log('serialize 100k in 12.5k chunks', ((performance.now() - s) / 1000).toFixed(3));
}
const SPECIAL = /[\\\t\n\r]/;
const esc = (t: string) => (SPECIAL.test(t) ? t.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!) : t);
function line(x: MentionRow) { return `${esc(x.ticker)}\t${esc(x.platform)}\t${esc(x.post_id)}\t${esc(x.source)}\t${esc(x.author_hash)}\t${esc(x.ts)}\t${x.compound}\t${x.label}\t${x.engagement}\t${x.simulated ? 1 : 0}\n`; }
for (const seed of [1,2,3,4,5]) {
  const r = await rows(100000, seed);
  const s = performance.now();
  for (let i = 0; i < r.length; i += 12500) { let t = ''; for (const x of r.slice(i, i + 12500)) t += line(x); Buffer.from(t); }
  console.log('template 100k in 12.5k chunks', ((performance.now() - s) / 1000).toFixed(3));
}
