import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InstagramReplay } from './instagramReplay';
import { MassiveReplay } from './massiveReplay';
import { ReplayMarket } from './replayMarket';
import { TiingoReplay } from './tiingoReplay';
import { RedditReplay } from './redditReplay';
import type { PlatformReplay, ReplayRequest, ReplayResponse } from './replayTypes';
import { TikTokReplay } from './tiktokReplay';
import { TwitterReplay } from './twitterReplay';
import { YouTubeReplay } from './youtubeReplay';

export type { ReplayRequest, ReplayResponse } from './replayTypes';

/** Which requests a queued response answers: a method (any when omitted) and an exact path or a pattern. */
export interface RequestMatch {
  method?: string;
  path: string | RegExp;
}

interface Queued {
  match: RequestMatch;
  response: ReplayResponse;
}

/**
 * A local stand-in for the five platform APIs and the market-data API (Massive snapshots), serving payloads shaped like
 * the real ones from recorded fixtures (tests/replay/fixtures). One server answers every platform (their paths do not overlap), so each connector's base URL
 * is `url` (YouTube: `${url}/youtube/v3`, Instagram: `${url}/v21.0`).
 *
 * Tests mutate it: the platform objects add posts; `enqueue` makes the next matching request answer with a canned
 * response (a 429, a malformed body…); `requests` logs everything received.
 */
export class ReplayServer {
  readonly requests: ReplayRequest[] = [];
  reddit!: RedditReplay;
  twitter!: TwitterReplay;
  youtube!: YouTubeReplay;
  tiktok!: TikTokReplay;
  instagram!: InstagramReplay;
  /** The market-data API (prices), beside the five platforms. */
  massive!: MassiveReplay;
  /** The second market-data API (Tiingo's IEX feed). */
  tiingo!: TiingoReplay;
  /** The prices both market-data stand-ins answer history from. */
  market!: ReplayMarket;
  private queue: Queued[] = [];

  private constructor(
    private readonly server: Server,
    readonly url: string,
    private readonly now: () => number,
  ) {
    this.reset();
  }

  static async start(options: { now?: () => number } = {}): Promise<ReplayServer> {
    const holder: { replay?: ReplayServer } = {};
    const server = createServer((req, res) => void holder.replay!.serve(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    holder.replay = new ReplayServer(server, `http://127.0.0.1:${port}`, options.now ?? Date.now);
    return holder.replay;
  }

  /** Back to the recorded fixtures: fresh platform state, empty queue and request log. */
  reset(): void {
    this.reddit = new RedditReplay(this.now);
    this.twitter = new TwitterReplay(this.now);
    this.youtube = new YouTubeReplay(this.now);
    this.tiktok = new TikTokReplay(this.now);
    this.instagram = new InstagramReplay(this.now);
    this.market = new ReplayMarket();
    this.massive = new MassiveReplay(this.market);
    this.tiingo = new TiingoReplay(this.market);
    this.queue = [];
    this.requests.length = 0;
  }

  /** The next request matching `match` gets `response` instead of the platform's answer (`times` requests in a row). */
  enqueue(match: RequestMatch, response: ReplayResponse, times = 1): void {
    for (let i = 0; i < times; i++) this.queue.push({ match, response });
  }

  /** Requests received whose path matches. */
  requestsTo(path: string | RegExp): ReplayRequest[] {
    return this.requests.filter((r) => matchesPath(path, r.path));
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve, reject) => this.server.close((error) => (error ? reject(error) : resolve())));
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', this.url);
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]),
    );
    const request: ReplayRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers,
      body: Buffer.concat(chunks).toString('utf8'),
      at: this.now(),
    };
    this.requests.push(request);

    let response: ReplayResponse | undefined;
    const queued = this.queue.findIndex(
      (q) => (!q.match.method || q.match.method === request.method) && matchesPath(q.match.path, request.path),
    );
    if (queued >= 0) response = this.queue.splice(queued, 1)[0]!.response;
    const platforms: PlatformReplay[] = [
      this.reddit,
      this.twitter,
      this.youtube,
      this.tiktok,
      this.instagram,
      this.massive,
      this.tiingo,
    ];
    for (const platform of platforms) response ??= platform.handle(request);
    response ??= { status: 404, body: { error: `no replay route for ${request.method} ${request.path}` } };

    const isText = typeof response.body === 'string';
    res.writeHead(response.status, {
      'content-type': isText ? 'text/plain; charset=utf-8' : 'application/json; charset=UTF-8',
      ...response.headers,
    });
    res.end(isText ? (response.body as string) : JSON.stringify(response.body));
  }
}

function matchesPath(pattern: string | RegExp, path: string): boolean {
  return typeof pattern === 'string' ? pattern === path : pattern.test(path);
}
