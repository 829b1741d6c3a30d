/**
 * npm run analyse < posts.jsonl > analysed.jsonl
 *
 * Reads JSON Lines `{"id": …, "text": "…"}` from stdin and writes one JSON line per input line to
 * stdout: `{"id": …, "tickers": ["TSLA"], "sentiment": {"label": "bullish", "compound": 0.81, "confidence": 0.9}}`,
 * using the same analyser as ingestion (domain/signal/analysePost.ts with core/tickers data and the committed
 * sentiment model).
 *
 * A line that is not valid JSON or lacks a string `text` does not stop the run: it yields
 * `{"id": <its id or null>, "line": <1-based line number>, "error": "…"}` on stdout, in place, so the
 * output stays line-for-line with the input, and the run ends with a count on stderr. Blank lines are
 * skipped. Exit code 0 unless stdin/stdout themselves fail.
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

const PostLine = z.object({
  id: z.union([z.string(), z.number()]),
  text: z.string(),
});

const FLUSH_AT = 1 << 16;

type OutputRecord =
  | { id: string | number; tickers: string[]; sentiment: SentimentScore }
  | { id: string | number | null; line: number; error: string };

async function main(): Promise<void> {
  const analyser = createPostAnalyser(loadTickerData(), createSentimentAnalyser(loadSentimentModel()));
  const analyseLine = (line: string, lineNo: number): OutputRecord => {
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch (err) {
      return { id: null, line: lineNo, error: `invalid JSON: ${(err as Error).message}` };
    }
    const parsed = PostLine.safeParse(raw);
    if (parsed.success) {
      const { tickers, sentiment } = analyser.analyse(parsed.data.text);
      return { id: parsed.data.id, tickers, sentiment };
    }
    const id = raw !== null && typeof raw === 'object' && 'id' in raw ? (raw as { id: unknown }).id : null;
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(line)'}: ${i.message}`).join('; ');
    return {
      id: typeof id === 'string' || typeof id === 'number' ? id : null,
      line: lineNo,
      error: `expected {"id": string|number, "text": string}: ${issues}`,
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

  let lineNo = 0;
  let ok = 0;
  let failed = 0;
  const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of rl) {
    lineNo++;
    if (line.trim() === '') continue;
    const record = analyseLine(line, lineNo);
    if ('error' in record) failed++;
    else ok++;
    buffer += JSON.stringify(record) + '\n';
    if (buffer.length >= FLUSH_AT) await flush();
  }
  await flush();
  if (failed > 0) process.stderr.write(`analyse: ${ok} posts analysed, ${failed} malformed lines reported in place\n`);
}

main().catch((err: unknown) => {
  // A missing or corrupt model is one line naming the file; anything else keeps its stack.
  process.stderr.write(
    `analyse: ${err instanceof SentimentModelError ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exitCode = 1;
});
