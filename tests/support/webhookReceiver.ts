import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';

export interface ReceivedWebhook {
  path: string;
  headers: http.IncomingHttpHeaders;
  raw: string;
  body: unknown;
  deliveryKey: string;
  /** The receiver's own check: HMAC-SHA256 over "<t>.<raw body>" with the secret, and t within 5 minutes of now. */
  verified: boolean;
}

/**
 * A webhook receiver as a user would write one, on a free local port: it checks X-StockPulse-Signature itself (not with
 * the product's code) and records every request it read in full. `answer` picks the status of each request (default
 * 200); it may return a promise to hold the response (a receiver that is slow to answer).
 */
export async function startWebhookReceiver(
  options: { secret?: () => string; answer?: (n: number, hook: ReceivedWebhook) => number | Promise<number> } = {},
) {
  const received: ReceivedWebhook[] = [];
  const verify = (raw: string, header: string | undefined) => {
    const secret = options.secret?.();
    const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? '');
    if (!secret || !match) return false;
    if (Math.abs(Date.now() / 1000 - Number(match[1])) > 300) return false;
    const expected = createHmac('sha256', secret).update(`${match[1]}.${raw}`).digest();
    return timingSafeEqual(expected, Buffer.from(match[2]!, 'hex'));
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const hook: ReceivedWebhook = {
        path: req.url ?? '/',
        headers: req.headers,
        raw,
        body: JSON.parse(raw),
        deliveryKey: String(req.headers['x-stockpulse-delivery']),
        verified: verify(raw, req.headers['x-stockpulse-signature'] as string | undefined),
      };
      received.push(hook);
      const status = (await options.answer?.(received.length, hook)) ?? 200;
      if (!res.destroyed)
        res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'receiver says no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    url: (path = '/hook', host = '127.0.0.1') => `http://${host}:${port}${path}`,
    received,
    distinctKeys: () => new Set(received.map((r) => r.deliveryKey)).size,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
