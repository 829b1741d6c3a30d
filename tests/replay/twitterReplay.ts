import {
  bearerOf,
  fixture,
  json,
  rebaseShift,
  type PlatformReplay,
  type ReplayRequest,
  type ReplayResponse,
} from './replayTypes';

interface Tweet {
  id: string;
  text: string;
  created_at: string;
  author_id: string;
  lang: string;
  edit_history_tweet_ids: string[];
  public_metrics: Record<string, number>;
  note_tweet?: { text: string };
}
interface User {
  id: string;
  name: string;
  username: string;
}

export const X_BEARER_TOKEN = 'AAAAAAAAAAAAAAAAAAAAAReplayBearerToken%3DreplayReplayReplay';
const DEFAULT_FIELDS = new Set(['id', 'text', 'edit_history_tweet_ids']);

/**
 * api.x.com/2/tweets/search/recent: a small evaluator of the query language (terms, #hashtags, $cashtags, "phrases",
 * (a OR b) groups, lang:, has:cashtags, -is:retweet, negation), since_id, start_time, max_results 10–100, opaque next_token over a
 * snapshot, tweet.fields/expansions/includes.users, and the x-rate-limit-* headers.
 */
export class TwitterReplay implements PlatformReplay {
  private readonly tweets: Tweet[];
  private readonly users: User[];
  private readonly snapshots = new Map<string, { ids: string[]; offset: number }>();
  private remaining = 450;

  constructor(private readonly now: () => number) {
    // X sends text HTML-escaped (&amp; &lt; &gt;), as the #dividends page shows; one of its posts is a long note_tweet.
    const pages = ['x/search-recent-stocks.json', 'x/search-recent-dividends.json'].map((name) =>
      fixture<{ data: Tweet[]; includes: { users: User[] } }>(name),
    );
    const recorded = pages.flatMap((page) => page.data);
    const shift = rebaseShift(
      recorded.map((t) => Date.parse(t.created_at)),
      now(),
    );
    this.tweets = recorded.map((t) => ({ ...t, created_at: new Date(Date.parse(t.created_at) + shift).toISOString() }));
    this.users = [...new Map(pages.flatMap((page) => page.includes.users).map((u) => [u.id, u])).values()];
  }

  /** A new post, newer than every other. Returns its id. */
  addTweet(tweet: { text: string; authorId?: string; lang?: string; likes?: number }): string {
    const max = this.tweets.reduce((m, t) => (BigInt(t.id) > m ? BigInt(t.id) : m), 0n);
    const id = String(max + 4_194_304n * 1000n);
    const authorId = tweet.authorId ?? this.users[0]!.id;
    this.tweets.unshift({
      id,
      text: tweet.text,
      created_at: new Date(this.now()).toISOString(),
      author_id: authorId,
      lang: tweet.lang ?? 'en',
      edit_history_tweet_ids: [id],
      public_metrics: {
        retweet_count: 0,
        reply_count: 0,
        like_count: tweet.likes ?? 0,
        quote_count: 0,
        bookmark_count: 0,
        impression_count: 10,
      },
    });
    return id;
  }

  handle(request: ReplayRequest): ReplayResponse | undefined {
    if (request.path !== '/2/tweets/search/recent' || request.method !== 'GET') return undefined;
    if (bearerOf(request) !== X_BEARER_TOKEN) return json(401, fixture('x/error-401.json'));
    const q = request.query;
    const query = q.get('query') ?? '';
    const maxResults = Number(q.get('max_results') ?? 10);
    if (!Number.isInteger(maxResults) || maxResults < 10 || maxResults > 100)
      return this.invalid(
        'max_results',
        String(q.get('max_results')),
        `The \`max_results\` query parameter value [${q.get('max_results')}] is not between 10 and 100`,
      );
    let matcher: (t: Tweet) => boolean;
    try {
      matcher = compileQuery(query);
    } catch (error) {
      return this.invalid('query', query, (error as Error).message);
    }

    let snapshot: { ids: string[]; offset: number };
    const token = q.get('next_token');
    if (token) {
      const found = this.snapshots.get(token);
      if (!found)
        return this.invalid('next_token', token, `The \`next_token\` query parameter value [${token}] is not valid`);
      snapshot = found;
    } else {
      const sinceId = q.get('since_id');
      const startTime = q.get('start_time');
      if (startTime && Number.isNaN(Date.parse(startTime)))
        return this.invalid('start_time', startTime, `Invalid 'start_time':'${startTime}'.`);
      const ids = this.tweets
        .filter(
          (t) =>
            matcher(t) &&
            (!sinceId || BigInt(t.id) > BigInt(sinceId)) &&
            (!startTime || Date.parse(t.created_at) >= Date.parse(startTime)),
        )
        .sort((a, b) => (BigInt(b.id) > BigInt(a.id) ? 1 : -1))
        .map((t) => t.id);
      snapshot = { ids, offset: 0 };
    }
    const pageIds = snapshot.ids.slice(snapshot.offset, snapshot.offset + maxResults);
    const page = pageIds.map((id) => this.tweets.find((t) => t.id === id)!);
    const headers = this.rateHeaders();
    if (page.length === 0) return json(200, { meta: { result_count: 0 } }, headers);

    const fields = new Set([...DEFAULT_FIELDS, ...(q.get('tweet.fields') ?? '').split(',').filter(Boolean)]);
    const meta: Record<string, unknown> = {
      newest_id: page[0]!.id,
      oldest_id: page.at(-1)!.id,
      result_count: page.length,
    };
    if (snapshot.offset + maxResults < snapshot.ids.length) {
      const next = `b26v89c19zqg8o3fo${Buffer.from(`${this.snapshots.size}`).toString('hex')}${(snapshot.offset + maxResults).toString(36)}`;
      this.snapshots.set(next, { ids: snapshot.ids, offset: snapshot.offset + maxResults });
      meta.next_token = next;
    }
    const body: Record<string, unknown> = {
      data: page.map((t) => Object.fromEntries(Object.entries(t).filter(([k]) => fields.has(k)))),
    };
    if ((q.get('expansions') ?? '').split(',').includes('author_id')) {
      const authors = new Set(page.map((t) => t.author_id));
      body.includes = { users: this.users.filter((u) => authors.has(u.id)) };
    }
    body.meta = meta;
    return json(200, body, headers);
  }

  private invalid(parameter: string, value: string, message: string): ReplayResponse {
    return json(400, {
      errors: [{ parameters: { [parameter]: [value] }, message }],
      title: 'Invalid Request',
      detail: 'One or more parameters to your request was invalid.',
      type: 'https://api.twitter.com/2/problems/invalid-request',
    });
  }

  private rateHeaders(): Record<string, string> {
    this.remaining = Math.max(0, this.remaining - 1);
    return {
      'x-rate-limit-limit': '450',
      'x-rate-limit-remaining': String(this.remaining),
      'x-rate-limit-reset': String(Math.floor(this.now() / 1000) + 900),
    };
  }
}

type Predicate = (t: Tweet) => boolean;

/** Compiles the subset of the X search language the connectors use. Throws on queries X would reject. */
export function compileQuery(query: string): Predicate {
  const tokens = query.match(/-?"[^"]*"|\(|\)|[^\s()]+/g) ?? [];
  let i = 0;
  let standalone = false;
  const term = (raw: string): Predicate => {
    const negated = raw.startsWith('-');
    const t = negated ? raw.slice(1) : raw;
    let p: Predicate;
    if (t === 'is:retweet') p = (tw) => tw.text.startsWith('RT @');
    else if (t === 'has:cashtags') p = (tw) => /\$[A-Za-z]{1,6}\b/.test(tw.text);
    else if (t.startsWith('lang:')) p = (tw) => tw.lang === t.slice(5);
    else if (/^[a-z_]+:/.test(t)) throw new Error(`Reference to invalid operator '${t}'`);
    else {
      if (!negated) standalone = true;
      const needle = t.replace(/^"|"$/g, '').toLowerCase();
      const escaped = needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const re = /^[#$]/.test(needle)
        ? new RegExp(`${escaped}\\b`, 'i')
        : new RegExp(`(^|[^\\w])${escaped}(\\b|$)`, 'i');
      p = (tw) => re.test(tw.note_tweet?.text ?? tw.text);
    }
    return negated ? (tw) => !p(tw) : p;
  };
  const sequence = (): Predicate => {
    const alternatives: Predicate[][] = [[]];
    while (i < tokens.length && tokens[i] !== ')') {
      const tok = tokens[i++]!;
      if (tok === 'OR') alternatives.push([]);
      else if (tok === '(') {
        alternatives.at(-1)!.push(sequence());
        if (tokens[i++] !== ')')
          throw new Error('There were errors processing your request: missing closing parenthesis');
      } else alternatives.at(-1)!.push(term(tok));
    }
    return (tw) => alternatives.some((all) => all.length > 0 && all.every((p) => p(tw)));
  };
  const predicate = sequence();
  if (i !== tokens.length) throw new Error('There were errors processing your request: unbalanced parentheses');
  if (!standalone) throw new Error('There were errors processing your request: Rules must contain a non-negation term');
  return predicate;
}
