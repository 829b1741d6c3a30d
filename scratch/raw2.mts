import fs from 'node:fs';
import { createClient } from '@clickhouse/client';
import { createChdbConnection } from 'chdb/connection';
import { type MentionRow } from '/work/main/warehouse/queries/insertMentions';
import { tabSeparatedStream } from '/work/main/warehouse/queries/tabSeparated';
import { createPostAnalyzer } from '/work/main/core/signal/analyzePost';
import { loadTickerData } from '/work/main/core/signal/tickerData';
import { analysePosts } from '/work/main/workflows/activities/scanActivities';
import { createSimulatedConnector } from '/work/main/workflows/connectors/simulatedFeed';
import { simulatedTickers } from '/work/main/workflows/connectors/simulatedTickers';
const dir = '/tmp/exp/ch4'; fs.rmSync(dir, { recursive: true, force: true });
const conn = createChdbConnection({ path: dir }) as any;
const w = createClient({ connection: conn } as any);
await w.command({ query: 'CREATE DATABASE IF NOT EXISTS b' }); await w.command({ query: 'USE b' });
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
async function buf(r: MentionRow[]) { const chunks=[]; for await (const c of tabSeparatedStream(r, cols)) chunks.push(c); return Buffer.concat(chunks); }
const bufs = [] as Buffer[]; for (let i = 0; i < 4; i++) bufs.push(await buf(await rows(100000, i)));

const TBL = `(ticker LowCardinality(String), platform LowCardinality(String), post_id String, source String, author_hash FixedString(16), ts DateTime64(3,'UTC'), compound Float32, label Enum8('bearish' = -1, 'neutral' = 0, 'bullish' = 1), engagement UInt32, simulated Bool) ENGINE = ReplacingMergeTree PARTITION BY toYYYYMM(ts) ORDER BY (ticker, platform, post_id)`;
const MM = `(ticker LowCardinality(String), platform LowCardinality(String), minute DateTime('UTC'), mentions AggregateFunction(uniqExact, UInt64), bullish AggregateFunction(uniqExactIf, UInt64, UInt8), bearish AggregateFunction(uniqExactIf, UInt64, UInt8), authors AggregateFunction(uniqExact, UInt64)) ENGINE = AggregatingMergeTree PARTITION BY toYYYYMM(minute) ORDER BY (toStartOfHour(minute), ticker, platform, minute)`;
const SEL = `SELECT ticker, platform, toStartOfMinute(ts) AS minute, uniqExactState(cityHash64(post_id)) AS mentions, uniqExactIfState(cityHash64(post_id), toUInt8(label = 'bullish')) AS bullish, uniqExactIfState(cityHash64(post_id), toUInt8(label = 'bearish')) AS bearish, uniqExactState(cityHash64(author_hash)) AS authors`;
const variants: Record<string, string[]> = {
  nomv: [],
  full: [`CREATE TABLE X_mm ${MM}`, `CREATE MATERIALIZED VIEW X_mv TO X_mm AS ${SEL} FROM X GROUP BY ticker, platform, minute`],
  nullsink: [`CREATE TABLE X_mm (ticker LowCardinality(String), platform LowCardinality(String), minute DateTime('UTC'), mentions AggregateFunction(uniqExact, UInt64), bullish AggregateFunction(uniqExactIf, UInt64, UInt8), bearish AggregateFunction(uniqExactIf, UInt64, UInt8), authors AggregateFunction(uniqExact, UInt64)) ENGINE = Null`, `CREATE MATERIALIZED VIEW X_mv TO X_mm AS ${SEL} FROM X GROUP BY ticker, platform, minute`],
  countonly: [`CREATE TABLE X_mm (ticker LowCardinality(String), platform LowCardinality(String), minute DateTime('UTC'), n UInt64) ENGINE = SummingMergeTree PARTITION BY toYYYYMM(minute) ORDER BY (toStartOfHour(minute), ticker, platform, minute)`, `CREATE MATERIALIZED VIEW X_mv TO X_mm AS SELECT ticker, platform, toStartOfMinute(ts) AS minute, count() AS n FROM X GROUP BY ticker, platform, minute`],
};

await w.command({ query: `CREATE TABLE full ${TBL}` });
for (const d of variants.full!) await w.command({ query: d.replaceAll('X', 'full') });
await w.command({ query: `CREATE TABLE X_mh (ticker LowCardinality(String), platform LowCardinality(String), hour DateTime('UTC'), mentions AggregateFunction(uniqExact, UInt64), bullish AggregateFunction(uniqExactIf, UInt64, UInt8), bearish AggregateFunction(uniqExactIf, UInt64, UInt8)) ENGINE = AggregatingMergeTree PARTITION BY toYYYYMM(hour) ORDER BY (toDate(hour), ticker, platform, hour)`.replaceAll('X', 'full') });
await w.command({ query: `CREATE MATERIALIZED VIEW full_mhv TO full_mh AS SELECT ticker, platform, toStartOfHour(ts) AS hour, uniqExactState(cityHash64(post_id)) AS mentions, uniqExactIfState(cityHash64(post_id), toUInt8(label = 'bullish')) AS bullish, uniqExactIfState(cityHash64(post_id), toUInt8(label = 'bearish')) AS bearish FROM full GROUP BY ticker, platform, hour` });
const allRows = [] as MentionRow[][]; for (let i = 0; i < 6; i++) allRows.push(await rows(100000, 50 + i));
const numeric = (r: MentionRow) => ({ ...r, ts: (Date.parse(r.ts) / 1000).toFixed(3), label: r.label === 'bullish' ? 1 : r.label === 'bearish' ? -1 : 0 });
for (const [name, f, settings] of [['iso', (r: MentionRow) => r, { date_time_input_format: 'best_effort' }], ['numeric', numeric, {}], ['iso', (r: MentionRow) => r, { date_time_input_format: 'best_effort' }], ['numeric', numeric, {}]] as const) {
  const t: number[] = [];
  for (let k = 0; k < 3; k++) { const b = await buf(allRows.shift() ?? await rows(100000, 90 + k).then((x) => x) as any); }
  console.log('skip');
  break;
}
const bufsIso = [] as Buffer[]; const bufsNum = [] as Buffer[];
for (let i = 0; i < 6; i++) { const r = await rows(100000, 200 + i); (i % 2 ? bufsNum : bufsIso).push(i % 2 ? await buf(r.map(numeric) as any) : await buf(r)); }
console.log('bytes/row iso', (bufsIso[0]!.length / 100000).toFixed(0), 'numeric', (bufsNum[0]!.length / 100000).toFixed(0));
for (let round = 0; round < 2; round++) for (const [name, bs, settings] of [['iso', bufsIso, { date_time_input_format: 'best_effort' }], ['numeric', bufsNum, {}]] as const) {
  const t: number[] = [];
  for (const b of bs) { const s = performance.now(); await conn.chdb.rawInsert({ table: 'full', columns: [...cols], values: b, format: 'TabSeparated', settings }); t.push(performance.now() - s); }
  console.log(name, t.map((x) => (x / 1000).toFixed(3)).join(' '));
}
const check = await (await w.query({ query: `SELECT count(), countIf(label='bullish'), min(ts), max(ts) FROM full`, format: 'TSV' })).text(); console.log(check);
process.exit(0);
