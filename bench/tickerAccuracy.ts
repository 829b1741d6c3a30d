/**
 * npm run eval:tickers [-- --data ../shared/signal-data --payloads ../shared/real-payloads]
 *
 * Ticker extraction measured on real and labelled posts (`evaluateTickers` returns the same figures):
 * - recall on the shared sentiment posts: every cashtag of a listed symbol (after renames; coins left out) must be found;
 * - precision and recall on the project's labelled sets (labelledPosts, heldOutPosts) and on its hard cases
 *   (tickerHardCases.jsonl: everyday uses of names and symbols that must give nothing, and the mentions beside them);
 * - how many everyday posts (the recorded Reddit, X, YouTube and Instagram payloads that are not about stocks) yield a
 *   ticker, a figure to watch rather than a target (some of those posts do talk about companies);
 * - extraction speed on one core.
 * The shared folders are read in place, never copied; a missing folder leaves its figures out.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { loadTickerData } from '../domain/signal/tickerData';
import { createTickerExtractor, type TickerExtractorDeps } from '../domain/signal/tickerExtractor';
import { CRYPTO_SYMBOLS } from '../core/tickers/cryptoSymbols';
import { FINANCE_PAYLOADS, recordedPostTexts } from '../tests/support/recordedPostTexts';

const SIGNAL_DIR = path.join(import.meta.dirname, '..', 'domain', 'signal');
export const LABELLED_SETS = ['labelledPosts.jsonl', 'heldOutPosts.jsonl', 'tickerHardCases.jsonl'] as const;

export interface SetScore {
  set: string;
  posts: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  precision: number;
  recall: number;
}

export interface TickerAccuracy {
  /** Cashtags of listed symbols in the shared sentiment posts that extraction finds. */
  cashtagRecall?: { posts: number; cashtags: number; found: number; recall: number };
  sets: SetScore[];
  /** Micro-averaged over every labelled set. */
  precision: number;
  recall: number;
  everydayPosts?: { posts: number; withTickers: number };
  postsPerSecond: number;
}

interface LabelledPost {
  text: string;
  tickers: string[];
}

const readJsonl = <T>(file: string): T[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as T);

/** The cashtags a post makes of listed symbols, resolved the plain way: renames followed, coins and unknown symbols dropped. */
function expectedCashtags(
  text: string,
  listed: ReadonlySet<string>,
  successors: ReadonlyMap<string, string | null>,
): Set<string> {
  const out = new Set<string>();
  for (const m of text
    .replace(/https?:\/\/\S+/g, ' ')
    .matchAll(/(?<![\w$])\$([A-Za-z]{1,5}(?:[.-][A-Za-z])?)(?![\w])/g)) {
    let symbol = m[1]!.toUpperCase().replace('-', '.');
    if (!listed.has(symbol) && !successors.has(symbol)) symbol = symbol.replace(/\..*$/, '');
    if (CRYPTO_SYMBOLS.has(symbol)) continue;
    for (let hops = 0; successors.has(symbol) && hops < 5; hops++) symbol = successors.get(symbol) ?? '';
    if (listed.has(symbol)) out.add(symbol);
  }
  return out;
}

export function evaluateTickers(
  options: { dataDir?: string; payloadsDir?: string; tickerData?: TickerExtractorDeps } = {},
): TickerAccuracy {
  const deps = options.tickerData ?? loadTickerData();
  const extractor = createTickerExtractor(deps);
  const listed = new Set(deps.universe.map((u) => u.symbol));
  const successors = new Map((deps.formerSymbols ?? []).map((f) => [f.symbol, f.successor]));

  const sets: SetScore[] = LABELLED_SETS.map((set) => {
    const score = { set, posts: 0, truePositives: 0, falsePositives: 0, falseNegatives: 0, precision: 0, recall: 0 };
    for (const post of readJsonl<LabelledPost>(path.join(SIGNAL_DIR, set))) {
      const got = new Set(extractor.extract(post.text));
      const want = new Set(post.tickers);
      score.posts++;
      for (const t of got) {
        if (want.has(t)) score.truePositives++;
        else score.falsePositives++;
      }
      for (const t of want) if (!got.has(t)) score.falseNegatives++;
    }
    score.precision = score.truePositives / Math.max(1, score.truePositives + score.falsePositives);
    score.recall = score.truePositives / Math.max(1, score.truePositives + score.falseNegatives);
    return score;
  });
  const sum = (k: 'truePositives' | 'falsePositives' | 'falseNegatives') => sets.reduce((a, s) => a + s[k], 0);
  const result: TickerAccuracy = {
    sets,
    precision: sum('truePositives') / Math.max(1, sum('truePositives') + sum('falsePositives')),
    recall: sum('truePositives') / Math.max(1, sum('truePositives') + sum('falseNegatives')),
    postsPerSecond: 0,
  };

  const texts: string[] = [];
  const sentimentDir = path.join(options.dataDir ?? '', 'sentiment');
  if (options.dataDir !== undefined && existsSync(sentimentDir)) {
    let cashtags = 0;
    let found = 0;
    for (const file of readdirSync(sentimentDir)
      .filter((f) => f.endsWith('.jsonl'))
      .sort()) {
      for (const { text } of readJsonl<{ text: string }>(path.join(sentimentDir, file))) {
        texts.push(text);
        const want = expectedCashtags(text, listed, successors);
        if (want.size === 0) continue;
        const got = new Set(extractor.extract(text));
        cashtags += want.size;
        for (const t of want) if (got.has(t)) found++;
      }
    }
    result.cashtagRecall = { posts: texts.length, cashtags, found, recall: found / Math.max(1, cashtags) };
  }
  if (options.payloadsDir !== undefined && existsSync(options.payloadsDir)) {
    const everyday = recordedPostTexts(options.payloadsDir, (file) => !FINANCE_PAYLOADS.has(file));
    result.everydayPosts = {
      posts: everyday.length,
      withTickers: everyday.filter((t) => extractor.extract(t).length > 0).length,
    };
  }

  // Speed: every text above, or the labelled posts repeated, extracted after a warm-up pass. Counted in CPU time, so the
  // figure is one core's rate even when other work shares the machine.
  const corpus =
    texts.length > 0
      ? texts
      : sets.flatMap((s) => readJsonl<LabelledPost>(path.join(SIGNAL_DIR, s.set)).map((p) => p.text));
  for (const t of corpus.slice(0, 5_000)) extractor.extract(t);
  const rounds = Math.max(1, Math.ceil(100_000 / corpus.length));
  const start = process.cpuUsage();
  for (let r = 0; r < rounds; r++) for (const t of corpus) extractor.extract(t);
  const used = process.cpuUsage(start);
  result.postsPerSecond = Math.round((rounds * corpus.length) / ((used.user + used.system) / 1e6));
  return result;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export function reportTickerAccuracy(r: TickerAccuracy): void {
  if (r.cashtagRecall) {
    const c = r.cashtagRecall;
    console.log(
      `tickers: recall of listed cashtags in ${c.posts.toLocaleString('en-US')} shared posts ${c.recall.toFixed(3)} (${c.found}/${c.cashtags}; target ≥ 0.97)`,
    );
  }
  console.log(
    `tickers: labelled sets precision ${r.precision.toFixed(3)} (target ≥ 0.95), recall ${r.recall.toFixed(3)}`,
  );
  for (const s of r.sets) {
    console.log(
      `  ${s.set.padEnd(24)} ${String(s.posts).padStart(4)} posts  precision ${s.precision.toFixed(3)}  recall ${s.recall.toFixed(3)}  (${s.falsePositives} wrong, ${s.falseNegatives} missed)`,
    );
  }
  if (r.everydayPosts) {
    const e = r.everydayPosts;
    console.log(
      `  everyday posts (recorded non-finance payloads) with a ticker: ${e.withTickers} of ${e.posts} (${pct(e.withTickers / Math.max(1, e.posts))})`,
    );
  }
  console.log(`  extraction alone: ${r.postsPerSecond.toLocaleString('en-US')} posts/s of one core's CPU time`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      data: { type: 'string', default: '../shared/signal-data' },
      payloads: { type: 'string', default: '../shared/real-payloads' },
    },
  });
  reportTickerAccuracy(
    evaluateTickers({ dataDir: path.resolve(values.data!), payloadsDir: path.resolve(values.payloads!) }),
  );
}
