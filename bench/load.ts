/**
 * npm run bench:load — the running product under a realistic mix, driven by autocannon from this
 * (second) process: N signed-in users polling the dashboard, signing in again now and then, and writing.
 * Prints throughput, p50/p99 latency, errors and the server's memory over the run.
 *
 *   npm run bench:load                              # 30 s, 20 users
 *   BENCH_LOAD_SECONDS=300 npm run bench:load       # the 5-minute soak (memory must stay flat)
 *   BENCH_LOAD_USERS=100 npm run bench:load
 *
 * Then scripts on the public API: one API key per user, each connection a script paging the stock list with its key
 * (GET /api/v1/stocks, the key checked and counted against its allowance on every call: look-ups reused for 2 s, the
 * allowance claimed from Postgres in blocks and the usage written every second), for BENCH_LOAD_API_SECONDS
 * (default 20 s).
 */
import fs from 'node:fs';
import path from 'node:path';
import autocannon, { type Request } from 'autocannon';
import { projectRoot } from '../platform/temporalCli';
import { signInOverHttp, signUpOverHttp, startProductProcess } from '../tests/support/productProcess';

const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 30);
const users = Number(process.env.BENCH_LOAD_USERS ?? 20);
const password = 'load-test-password';
const targets = { requestsPerSecond: 1000, p99Ms: 100 };
const apiSeconds = Number(process.env.BENCH_LOAD_API_SECONDS ?? Math.min(seconds, 20));
const apiTargets = { requestsPerSecond: 1000, p99Ms: 50 };
// Calls per sign-in: a dashboard polls about 6 times a minute, so 1,000 calls is ~2.8 hours of use per sign-in
// (sessions roll for 14 days, so real users sign in far less often); the dashboard is loaded afresh every 200 calls (~33 min).
const ROUND_CALLS = 1000;
const PAGE_LOAD_CALLS = 200;

/** Resident memory of a process in MiB (Linux). */
const rssMiB = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

const LOAD_ADMIN = { email: 'load-admin@stockpulse.test', password: 'load-admin-passphrase' };
const product = await startProductProcess({
  name: 'load',
  logFile: path.join(projectRoot, 'data', 'load-report', 'server.log'),
  // Sign-ups come from many addresses, as they would in production (the sign-up limit is per address). The admin reads
  // each verification link from the outbox, as the users would from their mail. The API keys' allowance is raised so
  // the run measures serving and counting calls, not refusing them.
  env: {
    TRUST_PROXY: 'true',
    ADMIN_EMAIL: LOAD_ADMIN.email,
    ADMIN_PASSWORD: LOAD_ADMIN.password,
    API_REQUESTS_PER_MINUTE: '1000000',
    API_REQUESTS_PER_DAY: '100000000',
  },
});
try {
  const base = product.baseUrl;
  const adminCookie = await signInOverHttp(base, LOAD_ADMIN.email, LOAD_ADMIN.password);
  const emails = Array.from({ length: users }, (_, i) => `load-${i}@stockpulse.test`);
  for (const [i, email] of emails.entries()) {
    await signUpOverHttp(base, adminCookie, email, password, {
      headers: { 'X-Forwarded-For': `10.0.${Math.floor(i / 250)}.${(i % 250) + 1}` },
    });
  }
  // Wait until the first scans (each backfills 24 hours) have written and settled, so the load meets steady state.
  const probe = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: emails[0], password }),
  });
  const probeCookie = probe.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const listStocks = async () =>
    (await (await fetch(`${base}/api/stocks?range=24hours`, { headers: { cookie: probeCookie } })).json()) as Array<{
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
  const stocks = (await listStocks()) as Array<{ id: number; ticker: string; totalMentions: number }>;
  const tickers = stocks.slice(0, 20).map((s) => s.ticker);

  // Sign-in is slow by design (scrypt, 32 MiB per hash); its own latency, measured alone:
  const signInMs: number[] = [];
  for (const email of emails.slice(0, 10)) {
    const started = performance.now();
    await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    signInMs.push(performance.now() - started);
  }
  signInMs.sort((a, b) => a - b);

  let nextUser = 0;
  interface UserContext {
    email?: string;
    cookie?: string;
    alertId?: number;
  }
  const signedIn = (request: Request, context: object): Request => ({
    ...request,
    headers: { ...request.headers, cookie: (context as UserContext).cookie ?? '' },
  });
  const get = (pathFor: (i: number) => string, i: number): Request => ({
    method: 'GET',
    path: pathFor(i),
    setupRequest: signedIn,
  });
  // One iteration per connection: sign in, then ROUND_CALLS calls as the dashboard makes them, with alert and profile writes.
  const dashboardPolls = Array.from({ length: ROUND_CALLS }, (_, i): Request => {
    if (i % 50 === 10) {
      return {
        method: 'POST',
        path: '/api/alerts',
        headers: { 'content-type': 'application/json' },
        // A random threshold: alerts are unique per (user, stock, threshold, window), and two connections may share a user.
        setupRequest: (request, context) => ({
          ...signedIn(request, context),
          body: JSON.stringify({
            stockId: stocks[i % stocks.length]!.id,
            mentionThreshold: 1000 + Math.floor(Math.random() * 1_000_000),
            emailEnabled: true,
            smsEnabled: false,
          }),
        }),
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
      return {
        method: 'PATCH',
        path: '/api/user/profile',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request, context) => ({
          ...signedIn(request, context),
          body: JSON.stringify({ firstName: 'Load', lastName: `Run ${i}`, email: (context as UserContext).email }),
        }),
      };
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
        return { ...request, body: JSON.stringify({ email: user.email, password }) };
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

  const memory: number[] = [rssMiB(product.child.pid!)];
  const sampler = setInterval(() => memory.push(rssMiB(product.child.pid!)), 5000);
  console.log(`load: ${users} signed-in users for ${seconds} s against ${base} …`);
  const result = await autocannon({ url: base, connections: users, duration: seconds, requests });
  clearInterval(sampler);
  memory.push(rssMiB(product.child.pid!));

  const errors = result.non2xx + result.errors + result.timeouts;
  const third = Math.max(1, Math.floor(memory.length / 3));
  const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const early = avg(memory.slice(0, third));
  const late = avg(memory.slice(-third));
  const met =
    result.requests.average >= targets.requestsPerSecond && result.latency.p99 < targets.p99Ms && errors === 0;
  console.log(
    [
      `load mix (per user and round: a sign-in, then ${ROUND_CALLS} calls: a page load (/api/user) every ${PAGE_LOAD_CALLS}, the rest in the dashboard's polling proportions — /api/stocks 4 : /api/trending-now 4 : /api/status 2 : stock history 2 — with ${ROUND_CALLS / 50} alert creations, ${ROUND_CALLS / 50} alert deletions and ${ROUND_CALLS / 50} profile writes)`,
      `  throughput: ${Math.round(result.requests.average).toLocaleString('en-US')} requests/s (target ≥ ${targets.requestsPerSecond.toLocaleString('en-US')}), ${result.requests.total.toLocaleString('en-US')} requests`,
      `  latency: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms (target p99 < ${targets.p99Ms} ms), max ${result.latency.max} ms`,
      `  sign-ins in the mix: ${nextUser.toLocaleString('en-US')}; one sign-in alone (scrypt by design): median ${signInMs[Math.floor(signInMs.length / 2)]!.toFixed(0)} ms`,
      `  errors: ${errors} (non-2xx ${result.non2xx}, socket errors ${result.errors}, timeouts ${result.timeouts}) (target 0)`,
      `  server memory (RSS): start ${memory[0]!.toFixed(0)} MiB, first third avg ${early.toFixed(0)} MiB, last third avg ${late.toFixed(0)} MiB, max ${Math.max(...memory).toFixed(0)} MiB`,
      `  ${met ? 'targets met' : 'TARGETS NOT MET'}`,
    ].join('\n'),
  );

  // Scripts on the public API: every user (on the sign-up trial) creates a key in Settings; each connection pages the list with one.
  const keys: string[] = [];
  for (const email of emails) {
    const signIn = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const created = await fetch(`${base}/api/api-keys`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', cookie },
      body: JSON.stringify({ name: 'load script' }),
    });
    if (created.status !== 201)
      throw new Error(`creating an API key for ${email} failed: ${created.status} ${await created.text()}`);
    keys.push(((await created.json()) as { secret: string }).secret);
  }
  let nextKey = 0;
  const withKey = (request: Request, context: object): Request => {
    const script = context as { key?: string };
    script.key ??= keys[nextKey++ % keys.length];
    return { ...request, headers: { ...request.headers, authorization: `Bearer ${script.key}` } };
  };
  // The same list through the dashboard's route with a session, right before: what the key check and counting add
  // shows beside it on whatever the machine's speed is that day.
  const dashboardList = await autocannon({
    url: base,
    connections: keys.length,
    duration: Math.min(apiSeconds, 10),
    requests: [{ method: 'GET', path: '/api/stocks?range=1hour', headers: { cookie: probeCookie } }],
  });
  console.log(`load: ${keys.length} API-key scripts for ${apiSeconds} s on GET /api/v1/stocks …`);
  const api = await autocannon({
    url: base,
    connections: keys.length,
    duration: apiSeconds,
    requests: [{ method: 'GET', path: '/api/v1/stocks?range=1hour&limit=100', setupRequest: withKey }],
  });
  const apiErrors = api.non2xx + api.errors + api.timeouts;
  const apiMet =
    api.requests.average >= apiTargets.requestsPerSecond && api.latency.p99 < apiTargets.p99Ms && apiErrors === 0;
  console.log(
    [
      `public API (${keys.length} scripts, each with its own key, paging GET /api/v1/stocks?range=1hour&limit=100; every call authenticated and counted per minute and per day: key look-ups reused for 2 s, allowance claimed from Postgres in blocks)`,
      `  throughput: ${Math.round(api.requests.average).toLocaleString('en-US')} requests/s (target ≥ ${apiTargets.requestsPerSecond.toLocaleString('en-US')}), ${api.requests.total.toLocaleString('en-US')} requests`,
      `  latency: p50 ${api.latency.p50} ms, p99 ${api.latency.p99} ms (target p99 < ${apiTargets.p99Ms} ms), max ${api.latency.max} ms`,
      `  errors: ${apiErrors} (non-2xx ${api.non2xx}, socket errors ${api.errors}, timeouts ${api.timeouts}) (target 0)`,
      `  beside it, the dashboard's GET /api/stocks?range=1hour with a session (${keys.length} connections, ${Math.min(apiSeconds, 10)} s): ${Math.round(dashboardList.requests.average).toLocaleString('en-US')} requests/s, p50 ${dashboardList.latency.p50} ms, p99 ${dashboardList.latency.p99} ms`,
      `  ${apiMet ? 'targets met' : 'TARGETS NOT MET'}`,
    ].join('\n'),
  );
} finally {
  await product.stop();
}
process.exit(0);
