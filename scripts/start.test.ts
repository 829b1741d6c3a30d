import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../platform/temporalCli';

const start = (env: Record<string, string>) =>
  spawnSync(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'scripts', 'start.ts')], {
    cwd: projectRoot,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });

describe('npm start refuses to start with one clear line', () => {
  it('names an invalid variable', () => {
    const run = start({ PORT: 'eighty' });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      'StockPulse could not start: Invalid configuration: PORT: Invalid input: expected number, received NaN',
    );
  });

  it('names a port that is taken, without a stack trace', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '0.0.0.0', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const run = start({ PORT: String(port), SERVICE_ROLE: 'all' });
      expect(run.status).toBe(1);
      const lines = run.stderr.trim().split('\n');
      expect(lines.at(-1)).toBe(
        `StockPulse could not start: Port ${port} (API) is already in use. Stop the other process or set PORT to a free port.`,
      );
      expect(run.stderr).not.toMatch(/\n\s+at /);
    } finally {
      blocker.close();
    }
  });

  it('refuses an https PUBLIC_URL without a trusted proxy (every sign-in would fail), saying what to set', () => {
    const run = start({ PUBLIC_URL: 'https://stockpulse.example', TRUST_PROXY: '', COOKIE_SECURE: '' });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      'StockPulse could not start: Secure session cookies need HTTPS, and the API serves plain HTTP: set TRUST_PROXY=true behind your HTTPS reverse proxy, or use an http PUBLIC_URL',
    );
  });

  it('names a missing or corrupt sentiment model file, without a stack trace', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'start-model-'));
    try {
      const missing = path.join(dir, 'missing.model');
      let run = start({ SENTIMENT_MODEL_PATH: missing });
      expect(run.status).toBe(1);
      // The last line (a first start may build the dashboard before it).
      expect(run.stderr.trim().split('\n').at(-1)).toBe(
        `StockPulse could not start: Sentiment model ${missing} is missing; restore it from git or run npm run train:sentiment.`,
      );
      const corrupt = path.join(dir, 'corrupt.model');
      writeFileSync(
        corrupt,
        readFileSync(path.join(projectRoot, 'domain/signal/model/sentiment.model')).subarray(0, 5000),
      );
      run = start({ SENTIMENT_MODEL_PATH: corrupt });
      expect(run.status).toBe(1);
      const last = run.stderr.trim().split('\n').at(-1)!;
      expect(last).toMatch(/^StockPulse could not start: Sentiment model .* is corrupt \(.+\); restore it/);
      expect(last).toContain(corrupt);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names a missing or corrupt sentiment transformer file, without a stack trace', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'start-transformer-'));
    try {
      const committed = path.join(projectRoot, 'domain/sentiment/model');
      for (const f of ['tokenizer.json', 'tokenizer_config.json', 'training.json'])
        writeFileSync(path.join(dir, f), readFileSync(path.join(committed, f)));
      let run = start({ SENTIMENT_TRANSFORMER_DIR: dir });
      expect(run.status).toBe(1);
      expect(run.stderr.trim().split('\n').at(-1)).toBe(
        `StockPulse could not start: Sentiment transformer file ${path.join(dir, 'model.onnx')} is missing; restore it from git or run npm run train:sentiment.`,
      );
      writeFileSync(
        path.join(dir, 'model.onnx'),
        readFileSync(path.join(committed, 'model.onnx')).subarray(0, 1_000_000),
      );
      run = start({ SENTIMENT_TRANSFORMER_DIR: dir });
      expect(run.status).toBe(1);
      expect(run.stderr.trim().split('\n').at(-1)).toBe(
        `StockPulse could not start: Sentiment transformer file ${path.join(dir, 'model.onnx')} is corrupt (checksum mismatch); restore it from git or run npm run train:sentiment.`,
      );
      expect(run.stderr).not.toMatch(/\n\s+at /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses split roles on embedded chDB', () => {
    const run = start({ SERVICE_ROLE: 'worker', CLICKHOUSE_URL: '' });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/SERVICE_ROLE=worker needs CLICKHOUSE_URL/);
  });
});
