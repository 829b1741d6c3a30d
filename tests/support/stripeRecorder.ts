import http from 'node:http';

/** One Stripe API request as the server sent it. */
export interface RecordedStripeCall {
  method: string;
  path: string;
  /** Form fields (POST body, or the query string of a GET), flattened as Stripe encodes them: `items[0][price]`. */
  params: Record<string, string>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

export interface StripeRecorder {
  /** Base URL for STRIPE_API_URL. */
  url: string;
  calls: RecordedStripeCall[];
  /** The calls to one method and path prefix, e.g. callsTo('POST', '/v1/subscriptions'). */
  callsTo(method: string, pathPrefix: string): RecordedStripeCall[];
  clear(): void;
  close(): Promise<void>;
}

/**
 * A pass-through in front of stripe-mock that records each request, so tests can assert what the
 * server asked Stripe for (stripe-mock itself is stateless and answers with fixtures).
 */
export async function startStripeRecorder(stripeMockUrl: string): Promise<StripeRecorder> {
  const target = new URL(stripeMockUrl);
  const calls: RecordedStripeCall[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url ?? '/', 'http://recorder');
      const form =
        req.method === 'GET' || req.method === 'DELETE' ? url.searchParams : new URLSearchParams(body.toString('utf8'));
      calls.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        params: Object.fromEntries(form.entries()),
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
        authorization: req.headers.authorization,
      });
      const forward = http.request(
        {
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: target.host },
        },
        (upstream) => {
          res.writeHead(upstream.statusCode ?? 502, upstream.headers);
          upstream.pipe(res);
        },
      );
      forward.on('error', (err) => {
        res.writeHead(502);
        res.end(String(err));
      });
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    calls,
    callsTo: (method, pathPrefix) => calls.filter((c) => c.method === method && c.path.startsWith(pathPrefix)),
    clear: () => void calls.splice(0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
