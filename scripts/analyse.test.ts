import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

function runAnalyse(input: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('node_modules/.bin/tsx', ['scripts/analyse.ts'], {
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

describe('npm run analyse (scripts/analyse.ts)', () => {
  it('writes one JSON line per post and reports malformed lines in place', async () => {
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
    const lines = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
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
    expect(stderr).toContain('2 malformed lines');
  });

  it('streams a large input', async () => {
    const n = 5_000;
    const input =
      Array.from({ length: n }, (_, i) => JSON.stringify({ id: i, text: `post ${i}: $AAPL up ${i % 9}% today` })).join(
        '\n',
      ) + '\n';
    const { code, stdout } = await runAnalyse(input);
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(n);
    expect(JSON.parse(lines[n - 1]!)).toMatchObject({ id: n - 1, tickers: ['AAPL'] });
  });
});
