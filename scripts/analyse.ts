/**
 * npm run analyse [-- --fast] < posts.jsonl > analysed.jsonl
 *
 * Reads JSON Lines `{"id": …, "text": "…"}` from stdin and writes one JSON line per input line to
 * stdout: `{"id": …, "tickers": ["TSLA"], "sentiment": {"label": "bullish", "compound": 0.81, "confidence": 0.9}}`.
 * The tickers are ingestion's (domain/signal/analysePost.ts with core/tickers data). The sentiment is the label users
 * see: the fine-tuned transformer's probabilities mixed with the linear model's and the lexicon's by the committed
 * shares, exactly as the re-score writes it. `--fast` gives instead the first label ingestion stores at once (the
 * linear model alone), about a hundred times faster.
 *
 * A line that is not valid JSON or lacks a string `text` does not stop the run: it yields
 * `{"id": <its id or null>, "line": <1-based line number>, "error": "…"}` on stdout, in place, so the
 * output stays line-for-line with the input, and the run ends with a count and the analysers used on stderr. Blank
 * lines are skipped. Exit code 0 unless stdin/stdout themselves fail, a model file is missing or corrupt (one line
 * naming it), or an option is unknown.
 */
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { createPostAnalyser } from '../domain/signal/analysePost';
import {
  createSentimentAnalyser,
  loadSentimentModel,
  SentimentModelError,
  type SentimentScore,
} from '../domain/signal/sentimentModel';
import { loadTickerData } from '../domain/signal/tickerData';
import { combinedScores } from '../domain/sentiment/combinedScore';
import { readTransformerModel, TransformerModelError } from '../domain/sentiment/transformerModel';
import { createTransformerPool } from '../domain/sentiment/transformerPool';

const PostLine = z.object({
  id: z.union([z.string(), z.number()]),
  text: z.string(),
});

const FLUSH_AT = 1 << 16;
/** Posts the transformer reads per call: enough to keep every thread busy, few enough to stream. */
const POSTS_PER_CALL = 512;

type Analysed = { id: string | number; tickers: string[]; sentiment: SentimentScore };
type OutputRecord = Analysed | { id: string | number | null; line: number; error: string };

class UsageError extends Error {}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const unknown = args.filter((a) => a !== '--fast');
  if (unknown.length > 0) throw new UsageError(`unknown option ${unknown[0]} (usage: npm run analyse [-- --fast])`);
  const fast = args.includes('--fast');
  const linear = createSentimentAnalyser(loadSentimentModel());
  const analyser = createPostAnalyser(loadTickerData(), linear);
  // The label users see: the transformer's probabilities mixed by the committed shares (not read with --fast).
  const model = fast ? null : readTransformerModel();
  const transformer = model && { pool: createTransformerPool(model), shares: model.training.combination };
  const analyseLine = (line: string, lineNo: number): { record: OutputRecord; text?: string } => {
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch (err) {
      return { record: { id: null, line: lineNo, error: `invalid JSON: ${(err as Error).message}` } };
    }
    const parsed = PostLine.safeParse(raw);
    if (parsed.success) {
      const { tickers, sentiment } = analyser.analyse(parsed.data.text);
      return { record: { id: parsed.data.id, tickers, sentiment }, text: parsed.data.text };
    }
    const id = raw !== null && typeof raw === 'object' && 'id' in raw ? (raw as { id: unknown }).id : null;
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(line)'}: ${i.message}`).join('; ');
    return {
      record: {
        id: typeof id === 'string' || typeof id === 'number' ? id : null,
        line: lineNo,
        error: `expected {"id": string|number, "text": string}: ${issues}`,
      },
    };
  };
  const out = process.stdout;
  // A closed pipe (`npm run analyse < posts.jsonl | head`) ends the run quietly.
  out.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(0);
    throw err;
  });
  let buffer = '';
  const flush = async () => {
    if (buffer === '') return;
    const chunk = buffer;
    buffer = '';
    if (!out.write(chunk)) await once(out, 'drain');
  };

  // The label users see needs the transformer, which reads posts in batches: lines wait here, in input order, until
  // their batch is labelled.
  let pending: { record: OutputRecord; text?: string }[] = [];
  let pendingPosts = 0;
  const writePending = async () => {
    const posts = pending.filter((p): p is { record: Analysed; text: string } => p.text !== undefined);
    if (transformer && posts.length > 0) {
      const texts = posts.map((p) => p.text);
      const scores = combinedScores(
        texts,
        await transformer.pool.score(texts),
        posts.map((p) => p.record.sentiment),
        transformer.shares,
      );
      posts.forEach((p, i) => (p.record.sentiment = scores[i]!));
    }
    for (const { record } of pending) buffer += JSON.stringify(record) + '\n';
    pending = [];
    pendingPosts = 0;
    if (buffer.length >= FLUSH_AT) await flush();
  };

  let lineNo = 0;
  let ok = 0;
  let failed = 0;
  const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
  try {
    for await (const line of rl) {
      lineNo++;
      if (line.trim() === '') continue;
      const analysed = analyseLine(line, lineNo);
      if (analysed.text === undefined) failed++;
      else {
        ok++;
        pendingPosts++;
      }
      pending.push(analysed);
      if (!transformer || pendingPosts >= POSTS_PER_CALL) await writePending();
    }
    await writePending();
    await flush();
  } finally {
    await transformer?.pool.close();
  }
  process.stderr.write(
    `analyse: ${ok} posts analysed${failed > 0 ? `, ${failed} malformed lines reported in place` : ''}; sentiment: ` +
      (transformer
        ? `the label users see (${transformer.pool.version} mixed with ${linear.version} and the lexicon)\n`
        : `the first label (${linear.version}, --fast)\n`),
  );
}

main().catch((err: unknown) => {
  // A missing or corrupt model is one line naming the file, as is a wrong option; anything else keeps its stack.
  const oneLine =
    err instanceof SentimentModelError || err instanceof TransformerModelError || err instanceof UsageError;
  process.stderr.write(
    `analyse: ${oneLine ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exitCode = 1;
});
