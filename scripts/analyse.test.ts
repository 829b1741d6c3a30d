import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createSentimentAnalyser, loadSentimentModel } from '../domain/signal/sentimentModel';
import { combinedScores } from '../domain/sentiment/combinedScore';
import { readTransformerModel } from '../domain/sentiment/transformerModel';
import { createTransformerPool } from '../domain/sentiment/transformerPool';

const root = fileURLToPath(new URL('..', import.meta.url));

function runAnalyse(
  input: string,
  args: readonly string[] = [],
  command: readonly string[] = ['node_modules/.bin/tsx', 'scripts/analyse.ts'],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command[0]!, [...command.slice(1), ...args], {
      cwd: root,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

const linear = createSentimentAnalyser(loadSentimentModel());
const transformerModel = readTransformerModel();
const transformer = createTransformerPool(transformerModel, { threads: 1 });
afterAll(() => transformer.close());

/** The label users see for these texts, read by the transformer in one call, as analyse reads a batch. */
async function labelsUsersSee(texts: readonly string[]) {
  return combinedScores(
    texts,
    await transformer.score(texts),
    texts.map((t) => linear.analyse(t)),
    transformerModel.training.combination,
  );
}

const parseLines = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('npm run analyse (scripts/analyse.ts)', () => {
  it('writes one JSON line per post, with the label users see, and reports malformed lines in place', async () => {
    const input = [
      JSON.stringify({ id: 'a1', text: 'Loaded up on $NVDA calls, Tesla next 🚀' }),
      JSON.stringify({ id: 2, text: '$TSLA going to zero. Bagholders everywhere 📉' }),
      '',
      '{not json',
      JSON.stringify({ id: 'x', body: 'no text field' }),
      JSON.stringify({ id: 'c3', text: "I think it's ON sale, GO team" }),
      JSON.stringify({ id: 'e4', text: '' }),
    ].join('\r\n');
    const { code, stdout, stderr } = await runAnalyse(input);
    expect(code).toBe(0);
    const lines = parseLines(stdout);
    expect(lines).toHaveLength(6);
    expect(lines[0]).toEqual({
      id: 'a1',
      tickers: ['NVDA', 'TSLA'],
      sentiment: { label: 'bullish', compound: expect.any(Number), confidence: expect.any(Number) },
    });
    expect(lines[1]).toMatchObject({ id: 2, tickers: ['TSLA'], sentiment: { label: 'bearish' } });
    expect(lines[2]).toMatchObject({ id: null, line: 4, error: expect.stringContaining('invalid JSON') });
    expect(lines[3]).toMatchObject({ id: 'x', line: 5, error: expect.stringContaining('text') });
    expect(lines[4]).toMatchObject({ id: 'c3', tickers: [] });
    expect(lines[5]).toEqual({ id: 'e4', tickers: [], sentiment: { label: 'neutral', compound: 0, confidence: 1 } });
    // The transformer's label mixed as the re-score mixes it, not the first label ingestion stores.
    const texts = [
      'Loaded up on $NVDA calls, Tesla next 🚀',
      '$TSLA going to zero. Bagholders everywhere 📉',
      "I think it's ON sale, GO team",
      '',
    ];
    const expected = await labelsUsersSee(texts);
    expect([lines[0], lines[1], lines[4], lines[5]].map((l) => l!.sentiment)).toEqual(expected);
    expect(expected.map((s) => s.compound)).not.toEqual(texts.map((t) => linear.analyse(t).compound));
    expect(stderr).toContain('2 malformed lines');
    expect(stderr).toContain(`the label users see (${transformer.version} mixed with ${linear.version}`);
  });

  it('reads the transformer in calls of 512 posts and keeps the input order', async () => {
    const texts = Array.from({ length: 530 }, (_, i) => `$AAPL ${['ripping', 'dumping', 'flat'][i % 3]} day ${i}`);
    const { code, stdout } = await runAnalyse(texts.map((text, id) => JSON.stringify({ id, text })).join('\n'));
    expect(code).toBe(0);
    const lines = parseLines(stdout);
    expect(lines.map((l) => l.id)).toEqual(texts.map((_, i) => i));
    expect(lines.slice(512).map((l) => l.sentiment)).toEqual(await labelsUsersSee(texts.slice(512)));
  });

  it('gives the first label alone with --fast, and refuses an unknown option', async () => {
    const text = 'What do you think about $NVDA? Earnings next week';
    const fast = await runAnalyse(JSON.stringify({ id: 1, text }), ['--fast']);
    expect(fast.code).toBe(0);
    expect(parseLines(fast.stdout)[0]).toEqual({ id: 1, tickers: ['NVDA'], sentiment: linear.analyse(text) });
    expect(fast.stderr).toContain(`the first label (${linear.version}, --fast)`);
    // The American spelling passes its options through too.
    const alias = await runAnalyse(
      JSON.stringify({ id: 1, text }),
      ['--fast'],
      ['npm', 'run', '--silent', 'analyze', '--'],
    );
    expect(alias.code).toBe(0);
    expect(parseLines(alias.stdout)[0]).toEqual({ id: 1, tickers: ['NVDA'], sentiment: linear.analyse(text) });
    const wrong = await runAnalyse('', ['--fats']);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr.trim()).toBe('analyse: unknown option --fats (usage: npm run analyse [-- --fast])');
  });

  it('streams a large input (--fast)', async () => {
    const n = 5_000;
    const input =
      Array.from({ length: n }, (_, i) => JSON.stringify({ id: i, text: `post ${i}: $AAPL up ${i % 9}% today` })).join(
        '\n',
      ) + '\n';
    const { code, stdout } = await runAnalyse(input, ['--fast']);
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(n);
    expect(JSON.parse(lines[n - 1]!)).toMatchObject({ id: n - 1, tickers: ['AAPL'] });
  });
});
