/**
 * The load bench's dashboard mix against one running product: its users signed up and the product settled, then N
 * connections, each a signed-in user polling the dashboard (bench/load.ts prints it; bench/loadSideBySide.ts runs it
 * against two versions of the product in turn).
 */
import autocannon, { type Request, type Result } from 'autocannon';
import { platforms } from '../core/platforms';
import { signInOverHttp, verifyFromOutbox, type ProductProcess } from '../tests/support/productProcess';

export const LOAD_PASSWORD = 'load-test-password';
export const LOAD_ADMIN = { email: 'load-admin@stockpulse.test', password: 'load-admin-passphrase' };
/**
 * The product's environment under load. Sign-ups come from many addresses, as they would in production (the sign-up
 * limit is per address). The admin reads each verification link from the outbox, as the users would from their mail.
 * The API keys' allowance is raised so the run measures serving and counting calls, not refusing them.
 */
export const LOAD_ENV = {
  TRUST_PROXY: 'true',
  ADMIN_EMAIL: LOAD_ADMIN.email,
  ADMIN_PASSWORD: LOAD_ADMIN.password,
  API_REQUESTS_PER_MINUTE: '1000000',
  API_REQUESTS_PER_DAY: '100000000',
};
// Calls per sign-in: a dashboard polls about 6 times a minute, so 1,000 calls is ~2.8 hours of use per sign-in
// (sessions roll for 14 days, so real users sign in far less often); the dashboard is loaded afresh every 200 calls (~33 min).
export const ROUND_CALLS = 1000;
export const PAGE_LOAD_CALLS = 200;

/** The users of a run, and what their dashboards poll. */
export interface LoadUsers {
  emails: string[];
  stocks: Array<{ id: number; ticker: string; totalMentions: number }>;
  tickers: string[];
  /** A session of the first user, for single-route runs. */
  probeCookie: string;
  /** One sign-in alone, in ms, sorted (scrypt, slow by design). */
  signInMs: number[];
}

/**
 * Signs `count` users up (finishing through the e-mailed link where the product sends one; a product from before that
 * answers 201 at once), then waits until the first scans (each backfills a week) have completed and their counts
 * settled, so the load meets steady state.
 */
export async function prepareLoadUsers(product: ProductProcess, count: number): Promise<LoadUsers> {
  const base = product.baseUrl;
  let adminCookie: string | undefined;
  const emails = Array.from({ length: count }, (_, i) => `load-${i}@stockpulse.test`);
  for (const [i, email] of emails.entries()) {
    const headers = { 'X-Forwarded-For': `10.0.${Math.floor(i / 250)}.${(i % 250) + 1}` };
    const res = await fetch(`${base}/api/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify({ email, password: LOAD_PASSWORD, confirmPassword: LOAD_PASSWORD }),
    });
    if (res.status === 202) {
      adminCookie ??= await signInOverHttp(base, LOAD_ADMIN.email, LOAD_ADMIN.password);
      await verifyFromOutbox(base, adminCookie, email, headers);
    } else if (res.status !== 201) {
      throw new Error(`sign-up of ${email} failed: ${res.status} ${await res.text()}`);
    }
  }
  await waitForFirstScans(base, (adminCookie ??= await signInOverHttp(base, LOAD_ADMIN.email, LOAD_ADMIN.password)));
  const probeCookie = await signInOverHttp(base, emails[0]!, LOAD_PASSWORD);
  const listStocks = async () =>
    (await (await fetch(`${base}/api/stocks?range=24hours`, { headers: { cookie: probeCookie } })).json()) as Array<{
      id: number;
      ticker: string;
      totalMentions: number;
    }>;
  let previousTotal = -1;
  for (let i = 0; i < 36; i++) {
    const total = (await listStocks()).reduce((sum, s) => sum + s.totalMentions, 0);
    if (total > 0 && total === previousTotal) break;
    previousTotal = total;
    await new Promise((r) => setTimeout(r, 5000));
  }
  const stocks = await listStocks();
  const signInMs: number[] = [];
  for (const email of emails.slice(0, 10)) {
    const started = performance.now();
    await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: LOAD_PASSWORD }),
    });
    signInMs.push(performance.now() - started);
  }
  signInMs.sort((a, b) => a - b);
  return { emails, stocks, tickers: stocks.slice(0, 20).map((s) => s.ticker), probeCookie, signInMs };
}

/**
 * Waits (up to two minutes) until every platform's first scan has completed, as the Pipelines page lists the runs. The
 * scans of a first start write their backfill in slices, side by side, so the mention total can stand still for a while
 * before the last of them is written; the total is checked as well, and a product without the list skips this wait.
 */
async function waitForFirstScans(base: string, adminCookie: string): Promise<void> {
  for (let i = 0; i < 60; i++) {
    const res = await fetch(`${base}/api/admin/pipelines/runs?type=scanPlatform&status=COMPLETED&limit=100`, {
      headers: { cookie: adminCookie },
    });
    if (!res.ok) return;
    const { runs } = (await res.json()) as { runs: Array<{ platform: string | null }> };
    const scanned = new Set(runs.map((run) => run.platform));
    if (platforms.every((platform) => scanned.has(platform))) return;
    await new Promise((r) => setTimeout(r, 2000));
  }
}

interface UserContext {
  email?: string;
  cookie?: string;
  alertId?: number;
}

/** One iteration per connection: sign in, then ROUND_CALLS calls as the dashboard makes them, with alert and profile writes. */
function dashboardMixRequests(users: LoadUsers): { requests: Request[]; signIns: () => number } {
  const { emails, stocks, tickers } = users;
  let nextUser = 0;
  const signedIn = (request: Request, context: object): Request => ({
    ...request,
    headers: { ...request.headers, cookie: (context as UserContext).cookie ?? '' },
  });
  const get = (pathFor: (i: number) => string, i: number): Request => ({
    method: 'GET',
    path: pathFor(i),
    setupRequest: signedIn,
  });
  /** A signed-in write with a JSON body made per request (from the connection's own context). */
  const sendJson = (
    method: 'POST' | 'PATCH',
    path: string,
    bodyOf: (context: UserContext) => unknown,
  ): Pick<Request, 'method' | 'path' | 'headers' | 'setupRequest'> => ({
    method,
    path,
    headers: { 'content-type': 'application/json' },
    setupRequest: (request, context) => ({
      ...signedIn(request, context),
      body: JSON.stringify(bodyOf(context as UserContext)),
    }),
  });
  const dashboardPolls = Array.from({ length: ROUND_CALLS }, (_, i): Request => {
    if (i % 50 === 10) {
      return {
        // A random threshold: alerts are unique per (user, stock, threshold, window), and two connections may share a user.
        ...sendJson('POST', '/api/alerts', () => ({
          stockId: stocks[i % stocks.length]!.id,
          mentionThreshold: 1000 + Math.floor(Math.random() * 1_000_000),
          emailEnabled: true,
          smsEnabled: false,
        })),
        onResponse: (status, body, context) => {
          if (status === 201) (context as UserContext).alertId = (JSON.parse(body) as { id: number }).id;
        },
      };
    }
    if (i % 50 === 40) {
      return {
        method: 'DELETE',
        path: '/api/alerts/0',
        setupRequest: (request, context) => ({
          ...signedIn(request, context),
          path: `/api/alerts/${(context as UserContext).alertId ?? 0}`,
        }),
      };
    }
    if (i % 50 === 25) {
      return sendJson('PATCH', '/api/user/profile', (context) => ({
        firstName: 'Load',
        lastName: `Run ${i}`,
        email: context.email,
      }));
    }
    if (i % PAGE_LOAD_CALLS === 0) return get(() => '/api/user', i); // once per page load
    // The dashboard's polling per minute: stocks ×2, trending ×2, status ×1 (dashboard), ~0.8 histories (12 cards every 15 min).
    const stocksList = () => '/api/stocks?range=1hour';
    const trending = () => '/api/trending-now';
    const status = () => '/api/status';
    const history = (n: number) => `/api/stocks/${tickers[n % tickers.length]}/historical?range=1hour`;
    const cycle = [
      stocksList,
      trending,
      stocksList,
      trending,
      status,
      stocksList,
      trending,
      history,
      stocksList,
      trending,
      status,
      history,
    ];
    return get(cycle[i % cycle.length]!, i);
  });
  const requests: Request[] = [
    {
      method: 'POST',
      path: '/api/login',
      headers: { 'content-type': 'application/json' },
      setupRequest: (request, context) => {
        const user = context as UserContext;
        user.email = emails[nextUser++ % emails.length];
        return { ...request, body: JSON.stringify({ email: user.email, password: LOAD_PASSWORD }) };
      },
      onResponse: (_status, _body, context, headers) => {
        // Raw header names keep the server's casing.
        const setCookie = Object.entries(headers as Record<string, string | string[]>).find(
          ([name]) => name.toLowerCase() === 'set-cookie',
        )?.[1];
        (context as UserContext).cookie = ([] as string[])
          .concat(setCookie ?? [])
          .map((c) => c.split(';')[0])
          .join('; ');
      },
    },
    ...dashboardPolls,
  ];
  return { requests, signIns: () => nextUser };
}

/** The mix for `seconds`, one connection per user; also how many sign-ins it made. */
export async function runDashboardMix(
  product: ProductProcess,
  users: LoadUsers,
  seconds: number,
): Promise<{ result: Result; signIns: number; errors: number }> {
  const { requests, signIns } = dashboardMixRequests(users);
  const result = await autocannon({
    url: product.baseUrl,
    connections: users.emails.length,
    duration: seconds,
    requests,
  });
  return { result, signIns: signIns(), errors: result.non2xx + result.errors + result.timeouts };
}

/** The mix in words, for the report. */
export const MIX_DESCRIPTION = `per user and round: a sign-in, then ${ROUND_CALLS} calls: a page load (/api/user) every ${PAGE_LOAD_CALLS}, the rest in the dashboard's polling proportions — /api/stocks 4 : /api/trending-now 4 : /api/status 2 : stock history 2 — with ${ROUND_CALLS / 50} alert creations, ${ROUND_CALLS / 50} alert deletions and ${ROUND_CALLS / 50} profile writes`;
