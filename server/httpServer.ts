import http from 'node:http';

/**
 * How long the API keeps an idle keep-alive connection open. Node's default is 5 s, the same order as the idle time of
 * clients that keep connections (Playwright's request context, subscribers' scripts, a proxy in front): a client that
 * reuses a connection at the moment the server closes it gets ECONNRESET. Longer than the 60 s idle timeout common to
 * load balancers, so the client or the proxy closes first.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** The API's HTTP server around a request handler (the Koa app's callback). */
export function createHttpServer(handler: http.RequestListener): http.Server {
  const server = http.createServer(handler);
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // Above the keep-alive timeout, so a reused connection's next request is never cut off by the header timer.
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  return server;
}
