import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpServer } from './httpServer';

describe('createHttpServer', () => {
  let server: http.Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('keeps an idle keep-alive connection open past Node’s 5 s default, so a client reusing it is not reset', async () => {
    let connections = 0;
    server = createHttpServer((_req, res) => res.end('ok'));
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<string>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
            let body = '';
            res.on('data', (chunk) => (body += chunk));
            res.on('end', () => resolve(body));
          })
          .on('error', reject);
      });
    expect(await get()).toBe('ok');
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(await get()).toBe('ok');
    // One connection for both requests: the server did not close it while it was idle.
    expect(connections).toBe(1);
    agent.destroy();
  }, 15_000);
});
