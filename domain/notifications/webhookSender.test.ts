import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveWebhookTarget, sendFailureText, sendWebhook, type WebhookRequest } from './webhookSender';

/** Real sockets on this machine: each failure the delivery log names by category, never by the remote's own words. */
describe('webhook send failures are named by category', () => {
  const servers: Array<net.Server | http.Server> = [];
  let silentPort = 0;
  let httpPort = 0;
  let closedPort = 0;

  const listen = async <S extends net.Server | http.Server>(server: S) => {
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  };

  beforeAll(async () => {
    // Accepts the connection and never answers.
    silentPort = await listen(net.createServer(() => undefined));
    // Plain HTTP that answers every request with its own error text.
    httpPort = await listen(
      http.createServer((_req, res) =>
        res.writeHead(500, { 'content-type': 'text/plain' }).end('internal detail: /srv/app/secret.py line 12'),
      ),
    );
    const closed = net.createServer();
    closedPort = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
  });
  afterAll(() => {
    for (const server of servers) server.close();
  });

  const send = (url: string, timeoutMs = 2_000) => {
    const request: WebhookRequest = {
      url,
      format: 'json',
      deliveryKey: 'k',
      secret: 's',
      body: {
        event: 'webhook.test',
        deliveryId: 'k',
        alertId: null,
        kind: 'test',
        ticker: 'TEST',
        name: 'x',
        windowMinutes: 60,
        count: 0,
        threshold: null,
        parameters: {},
        firedAt: new Date(0).toISOString(),
        priceAtFire: null,
        links: { dashboard: 'https://x/d', alerts: 'https://x/a' },
      },
    };
    return sendWebhook(request, { allowPrivateTargets: true, timeoutMs });
  };
  const failureOf = async (url: string, timeoutMs?: number) =>
    sendFailureText(
      await send(url, timeoutMs).then(
        () => null,
        (err: unknown) => err,
      ),
    );

  it('timeout', async () => {
    expect(await failureOf(`http://127.0.0.1:${silentPort}/hook`, 300)).toBe('Timeout: no answer within 0.3 s');
  });

  it('TLS (https to a server that does not speak it)', async () => {
    expect(await failureOf(`https://127.0.0.1:${httpPort}/hook`)).toBe(
      "TLS error: the receiver's certificate or TLS set-up was not accepted",
    );
  });

  it('refused', async () => {
    expect(await failureOf(`http://127.0.0.1:${closedPort}/hook`)).toBe(
      "Connection refused: nothing accepted the connection at the receiver's address and port",
    );
  });

  it("an error answer: its status and category, never the receiver's text", async () => {
    expect(await send(`http://127.0.0.1:${httpPort}/hook`)).toEqual({
      httpStatus: 500,
      error: 'Receiver error: the receiver answered HTTP 500',
    });
  });

  it('a port outside WEBHOOK_ALLOWED_PORTS is refused before any connection; an allowed one passes', async () => {
    const publicHost = { resolve: async () => ['93.184.216.34'] };
    await expect(
      resolveWebhookTarget('https://hooks.example.com:22/', { allowPrivateTargets: false, ...publicHost }),
    ).rejects.toThrow('url must use port 443 (the https default: leave the port out)');
    await expect(
      resolveWebhookTarget('https://hooks.example.com:22/', {
        allowPrivateTargets: false,
        allowedPorts: [8443],
        ...publicHost,
      }),
    ).rejects.toThrow('url must use port 8443');
    const allowed = await resolveWebhookTarget('https://hooks.example.com:8443/', {
      allowPrivateTargets: false,
      allowedPorts: [443, 8443],
      ...publicHost,
    });
    expect(allowed.address).toBe('93.184.216.34');
    expect(
      (await resolveWebhookTarget('https://hooks.example.com/', { allowPrivateTargets: false, ...publicHost })).url
        .port,
    ).toBe('');
  });
});
