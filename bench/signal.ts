/**
 * Signal throughput: ticker extraction + the learned sentiment model per post, on one core (target ≥
 * 20,000 posts/s), the model's load time (< 1 s), the analyser's memory (< 300 MB) and `npm run analyse`
 * on the same 100,000 posts (< 10 s).
 *
 *   npx tsx bench/signal.ts            # 100,000 posts
 *   import { benchSignal } from './signal'   (bench/run.ts)
 */
import { figure, type Figure } from './figures';
import { spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createPostAnalyser } from '../domain/signal/analysePost';
import { scoreSentiment } from '../domain/signal/sentiment';
import { createSentimentAnalyser, loadSentimentModel } from '../domain/signal/sentimentModel';
import { seededRandom } from '../core/random/seededRandom';
import { loadTickerData } from '../domain/signal/tickerData';
import { createTickerExtractor, type TickerExtractorDeps } from '../domain/signal/tickerExtractor';

export interface BenchSignalOptions {
  posts?: number;
  seed?: number;
  /** Also time `npm run analyse -- --fast` (the first label) on the same posts (default true). */
  analyseCli?: boolean;
}

export interface BenchSignalResult {
  postsPerSecond: number;
  posts: number;
  seconds: number;
  /** Share of posts with at least one ticker, and of each label (sanity check of the workload). */
  withTickers: number;
  labels: Record<'bullish' | 'bearish' | 'neutral', number>;
  modelLoadMs: number;
  /** Heap and typed-array memory the analyser adds while scoring the posts. */
  analyserMb: number;
  /** Extraction + the lexicon scorer (the analyser before the learned model), same posts, same run. */
  previousPostsPerSecond: number;
  analyseCliSeconds?: number;
}

const OPENERS = ['', '', 'ngl ', 'Honestly, ', 'Hot take: ', 'Update: ', 'PSA: ', 'lol ', 'Yo ', 'DD: '];
const BODIES = [
  '{T} to the moon 🚀🚀🚀',
  'Loaded up on {T} calls before earnings, LFG',
  'Diamond hands on {T} 💎🙌 not selling',
  'Bought the dip on {N}, long term hold',
  '{N} crushed earnings, guidance raised. Still undervalued imo',
  '{T} going to zero, bagholders everywhere 📉',
  'Bought puts on {T}, this bubble is about to pop',
  '{N} missed earnings and cut guidance, down {P}% after hours 🩸',
  'Not bullish on {T} at all, overvalued and overhyped',
  'No way {T} goes up from here, rug pull incoming',
  '{T} earnings are on {D} after the close',
  'What do you guys think about {T} at these levels?',
  '{N} and {N2} both report next week',
  'Is {T} a good long term hold or should I look elsewhere?',
  '{T} up {P}% premarket, we are so back',
  '{T} {T2} {T3} all mooning today, semis are unstoppable',
  'Shorting {T}, the debt load is insane. Stay away',
  'I think it is ON sale at the mall today, GO team',
  'Check the chart https://example.com/quote/{S}/ before you buy',
  'Sold my {N} and bought {N2}, best move I ever made',
  'THIS IS NOT A DRILL {S} IS RIPPING',
  '{T} {T} {T} buy buy buy',
  "{N}'s new product launch is next month, no position yet",
  'Paper hands dumped {T} at the bottom again 🤡',
  'Never been more bullish on {T}. Tendies incoming 🍗',
];
const CLOSERS = ['', '', '', ' 🚀', ' 📈', ' 📉', ' NFA', ' #stocks', ' imo', '!!!', ' 💀'];
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];

/** Deterministic synthetic posts built from the universe (symbols, cashtags and company names). */
export function syntheticPosts(deps: TickerExtractorDeps, count: number, seed = 42): string[] {
  const rand = seededRandom(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const rows = deps.universe;
  const named = rows.filter((r) => r.aliases.length > 0);
  const cap = (s: string) => s.replace(/\b[a-z]/g, (c) => c.toUpperCase());
  const ticker = () => {
    const r = pick(rows);
    return rand() < 0.7 ? `$${r.symbol}` : r.symbol;
  };
  const name = () => {
    const r = pick(named);
    const alias = pick(r.aliases);
    return rand() < 0.8 ? cap(alias) : alias;
  };
  const posts: string[] = [];
  for (let i = 0; i < count; i++) {
    const body = pick(BODIES)
      .replace('{T}', ticker())
      .replace(/\{T\}/g, ticker)
      .replace('{T2}', ticker())
      .replace('{T3}', ticker())
      .replace('{N}', name())
      .replace('{N2}', name())
      .replace('{S}', pick(rows).symbol)
      .replace('{P}', String(1 + Math.floor(rand() * 40)))
      .replace('{D}', pick(DAYS));
    posts.push(pick(OPENERS) + body + pick(CLOSERS));
  }
  return posts;
}

export async function benchSignal(options: BenchSignalOptions = {}): Promise<BenchSignalResult> {
  const count = options.posts ?? 100_000;
  const deps = loadTickerData();
  const posts = syntheticPosts(deps, count, options.seed ?? 42);
  const memoryBefore = process.memoryUsage();
  const loadStart = process.hrtime.bigint();
  const sentiment = createSentimentAnalyser(loadSentimentModel());
  const modelLoadMs = Number(process.hrtime.bigint() - loadStart) / 1e6;
  const analyser = createPostAnalyser(deps, sentiment);

  // Warm up the JIT on a slice, then time the whole set.
  for (let i = 0; i < Math.min(5_000, count); i++) analyser.analyse(posts[i]!);

  const labels = { bullish: 0, bearish: 0, neutral: 0 };
  let withTickers = 0;
  const start = process.hrtime.bigint();
  for (const post of posts) {
    const r = analyser.analyse(post);
    if (r.tickers.length > 0) withTickers++;
    labels[r.sentiment.label]++;
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const memoryAfter = process.memoryUsage();
  // The previous pipeline (extraction + the lexicon scorer) on the same posts in the same process: on
  // a shared machine the ratio of the two rates says more than either figure alone.
  const extractor = createTickerExtractor(deps);
  const previousStart = process.hrtime.bigint();
  for (const post of posts) {
    extractor.extract(post);
    scoreSentiment(post);
  }
  const previousSeconds = Number(process.hrtime.bigint() - previousStart) / 1e9;
  // What the analyser adds to the process: heap, and the model's typed arrays (counted as array buffers).
  const analyserMb =
    (memoryAfter.heapUsed + memoryAfter.arrayBuffers - memoryBefore.heapUsed - memoryBefore.arrayBuffers) / 2 ** 20;
  return {
    postsPerSecond: Math.round(count / seconds),
    posts: count,
    seconds,
    withTickers: withTickers / count,
    labels,
    modelLoadMs,
    analyserMb,
    previousPostsPerSecond: Math.round(count / previousSeconds),
    analyseCliSeconds: options.analyseCli === false ? undefined : await timeAnalyseCli(posts),
  };
}

/** `npm run analyse -- --fast` end to end (tsx start-up, model load, JSON in and out) on the same posts. */
async function timeAnalyseCli(posts: readonly string[]): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-analyse-'));
  try {
    const input = join(dir, 'posts.jsonl');
    await writeFile(input, posts.map((text, id) => JSON.stringify({ id, text })).join('\n') + '\n');
    const root = fileURLToPath(new URL('..', import.meta.url));
    const start = process.hrtime.bigint();
    await new Promise<void>((resolve, reject) => {
      const child = spawn(join(root, 'node_modules/.bin/tsx'), ['scripts/analyse.ts', '--fast'], {
        cwd: root,
        stdio: [openSync(input, 'r'), 'ignore', 'inherit'],
      });
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`npm run analyse exited with ${code}`))));
    });
    return Number(process.hrtime.bigint() - start) / 1e9;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function reportSignal(r: BenchSignalResult): void {
  console.log(
    `signal: ${r.posts.toLocaleString('en-US')} posts in ${r.seconds.toFixed(2)} s = ` +
      `${r.postsPerSecond.toLocaleString('en-US')} posts/s (extract + learned sentiment, one core; target ≥ 20,000); ` +
      `extract + lexicon (before) ${r.previousPostsPerSecond.toLocaleString('en-US')} posts/s; 1-minute load ${loadavg()[0]!.toFixed(1)}`,
  );
  console.log(
    `  sentiment model load ${r.modelLoadMs.toFixed(0)} ms (target < 1 s); analyser memory ${r.analyserMb.toFixed(0)} MB (target < 300 MB)` +
      (r.analyseCliSeconds === undefined
        ? ''
        : `; npm run analyse -- --fast on ${r.posts.toLocaleString('en-US')} posts ${r.analyseCliSeconds.toFixed(1)} s (target < 10 s)`),
  );
  console.log(
    `  ${(r.withTickers * 100).toFixed(1)}% with tickers; labels: ` +
      `${r.labels.bullish} bullish, ${r.labels.bearish} bearish, ${r.labels.neutral} neutral`,
  );
}

export function signalFigures(r: BenchSignalResult): Figure[] {
  return [
    figure('signal', 'posts/s (extract + learned sentiment, one core)', r.postsPerSecond, 'posts/s', '>= 20000'),
    figure('signal', 'posts/s extract + lexicon (before)', r.previousPostsPerSecond, 'posts/s'),
    figure('signal', 'sentiment model load', Math.round(r.modelLoadMs), 'ms', '< 1000'),
    figure('signal', 'analyser memory', Math.round(r.analyserMb), 'MB', '< 300'),
    ...(r.analyseCliSeconds === undefined
      ? []
      : [
          figure(
            'signal',
            `npm run analyse on ${r.posts} posts`,
            Math.round(r.analyseCliSeconds * 10) / 10,
            's',
            '< 10',
          ),
        ]),
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchSignal().then(reportSignal, (err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
