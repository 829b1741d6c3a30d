import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import Koa from 'koa';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { reportResponseErrors } from './errorMiddleware';

/** A streamed body that sends one chunk, then fails (`fail`) or waits for the client to go. */
function streamedBody(fail: boolean): Readable {
  const body = new Readable({ read() {} });
  body.push('first chunk\n');
  if (fail) setTimeout(() => body.destroy(new Error('disk read failed')), 20);
  return body;
}

describe('errors after the response has started (reportResponseErrors)', () => {
  let server: http.Server;
  let port: number;
  let responseClosed: Promise<void>;
  let closed: () => void;
  beforeAll(async () => {
    const app = new Koa();
    reportResponseErrors(app);
    app.use((ctx) => {
      ctx.type = 'text/plain';
      ctx.body = streamedBody(ctx.path === '/broken');
      ctx.res.on('close', () => closed());
    });
    server = http.createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  afterEach(() => vi.restoreAllMocks());

  /** Reads the first chunk of `path`; `hangUp` then closes the connection, as a closed tab does. */
  function fetchFirstChunk(path: string, hangUp: boolean): Promise<void> {
    responseClosed = new Promise((resolve) => (closed = resolve));
    return new Promise((resolve) => {
      const req = http.get({ port, host: '127.0.0.1', path }, (res) => {
        res.once('data', () => {
          if (hangUp) req.destroy();
          resolve();
        });
        res.on('error', () => {});
      });
      req.on('error', () => {});
    });
  }

  it('says nothing of a client that closed the connection mid-response', async () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    await fetchFirstChunk('/slow', true);
    await responseClosed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stderr).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('logs any other failure once, as a JSON line naming the request', async () => {
    const lines: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => lines.push(String(chunk)) > 0);
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    await fetchFirstChunk('/broken', false);
    await responseClosed;
    await vi.waitFor(() => expect(lines.length).toBeGreaterThan(0));
    // Koa reports the failure twice, a moment apart: only one line is written.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 'error',
      msg: 'response failed',
      method: 'GET',
      path: '/broken',
      error: 'Error: disk read failed',
    });
    expect(consoleError).not.toHaveBeenCalled();
  });
});
