/**
 * The transformer re-score of stored mentions, end to end on embedded chDB: `posts` posts (the project's labelled
 * posts, repeated with fresh ids) spread over `hours` hours, labelled by the linear model at "ingest", then every hour
 * re-scored by the pool (one thread per core) and its superseded per-minute rows dropped. Every text is distinct, so
 * the rescorer's cache of texts read saves nothing: it prints posts per second and what that means for a week of
 * 480,000 distinct texts (target under 20 minutes). A first start's simulated week repeats its texts; `firstStart`
 * measures that one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createSentimentAnalyser, loadSentimentModel } from '../domain/signal/sentimentModel';
import { createMentionRescorer } from '../domain/sentiment/rescoreMentions';
import { readTransformerModel } from '../domain/sentiment/transformerModel';
import { createTransformerPool } from '../domain/sentiment/transformerPool';
import { connectWarehouse } from '../warehouse/client';
import { figure, type Figure } from './figures';
import { migrateWarehouse } from '../warehouse/migrate';
import { insertMentions, type MentionRow } from '../warehouse/queries/insertMentions';
import { insertPosts, type PostRow } from '../warehouse/queries/insertPosts';

const WEEK_POSTS = 480_000;

export interface RescoreBench {
  posts: number;
  hours: number;
  seconds: number;
  postsPerSecond: number;
  threads: number;
}

export async function benchRescore(options: { posts?: number; hours?: number } = {}): Promise<RescoreBench> {
  const postsWanted = options.posts ?? 12_000;
  const hours = options.hours ?? 6;
  const texts = fs
    .readFileSync(new URL('../domain/signal/labelledPosts.jsonl', import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as { text: string; tickers: string[] });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stockpulse-bench-rescore-'));
  const warehouse = await connectWarehouse({ user: 'default', password: '', database: 'stockpulse', chdbPath: dir });
  const linear = createSentimentAnalyser(loadSentimentModel());
  const model = readTransformerModel();
  const threads = os.availableParallelism();
  const pool = createTransformerPool(model, { threads });
  try {
    await migrateWarehouse(warehouse);
    const first = Date.UTC(2026, 10, 20, 0, 0, 0);
    const posts: PostRow[] = [];
    const mentions: MentionRow[] = [];
    for (let i = 0; i < postsWanted; i++) {
      const { text, tickers } = texts[i % texts.length]!;
      const ts = new Date(first + Math.floor((i * hours * 3_600_000) / postsWanted)).toISOString();
      const base = {
        platform: 'reddit',
        post_id: `bench-${i}`,
        source: 'bench',
        author_hash: (i % 5000).toString(16).padStart(16, '0'),
        ts,
        engagement: 1,
        simulated: true,
      };
      posts.push({ ...base, title: '', text: `${text} #${i}`, url: '' });
      const s = linear.analyse(text);
      for (const ticker of tickers.length > 0 ? tickers : ['SPY'])
        mentions.push({ ...base, ticker, compound: s.compound, label: s.label, analyser: linear.version });
    }
    await insertPosts(warehouse, posts);
    await insertMentions(warehouse, mentions);
    await pool.score(['warm up']);
    const rescorer = createMentionRescorer({
      warehouse,
      pool,
      linear,
      combination: model.training.combination,
    });
    const started = performance.now();
    let relabelled = 0;
    for (let h = 0; h < hours; h++)
      relabelled += (await rescorer.rescoreHour(new Date(first + h * 3_600_000))).relabelled;
    const seconds = (performance.now() - started) / 1000;
    return { posts: relabelled, hours, seconds, postsPerSecond: relabelled / seconds, threads };
  } finally {
    await pool.close();
    await warehouse.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function reportRescore(r: RescoreBench): void {
  console.log(
    `rescore: ${r.posts.toLocaleString('en-US')} posts over ${r.hours} hours re-scored in ${r.seconds.toFixed(1)} s on ${r.threads} threads: ` +
      `${Math.round(r.postsPerSecond).toLocaleString('en-US')} posts/s, so a week of ${WEEK_POSTS.toLocaleString('en-US')} distinct texts in ` +
      `${(WEEK_POSTS / r.postsPerSecond / 60).toFixed(1)} min (target < 20 min)`,
  );
}

export function rescoreFigures(r: RescoreBench): Figure[] {
  return [
    figure('rescore', `transformer re-score end to end, ${r.threads} threads`, r.postsPerSecond, 'posts/s', '>= 500'),
    figure(
      'rescore',
      `a week of ${WEEK_POSTS} distinct texts re-scored`,
      WEEK_POSTS / r.postsPerSecond / 60,
      'min',
      '< 20',
    ),
  ];
}
