/**
 * Alert figures on this machine, with 10,000 active alerts of mixed kinds on 500 tickers (1,000 subscribers, 10 alerts
 * each: 4 threshold, 3 spike, 2 sentiment flip, 1 new trend on one stock, the watchlist or any stock) over a day of
 * mentions plus the week before it (the spikes' baselines) in chDB, Temporal (dev server), embedded Postgres and the
 * in-process SMTP capture:
 * - one EvaluateAlerts pass with no crossing (median of 5; target < 1 s), and one where 200 threshold alerts cross (200 e-mails);
 * - scan to inbox: a real ScanPlatform run whose posts push one alert over its threshold, timed from the scan's start
 *   (so it includes the fetch and the mention write) until the e-mail is in the SMTP server's store (target < 10 s);
 * - scan to webhook: the same run, until a local receiver (WEBHOOK_ALLOW_PRIVATE_TARGETS) has read the signed body (target < 5 s).
 *
 *   npx tsx bench/alerts.ts
 *   import { benchAlerts } from './alerts'   (bench/run.ts)
 */
import { figure, type Figure } from './figures';
import { pathToFileURL } from 'node:url';
import { Client, Connection } from '@temporalio/client';
import { insertMentions, type MentionRow } from '../warehouse/queries/insertMentions';
import { dashboardPlatforms } from '../core/platforms';
import { DAY_MS } from '../core/timeWindows';
import { createSentimentAnalyser, loadSentimentModel } from '../domain/signal/sentimentModel';
import { createActivities } from '../workflows/activities';
import { appLinks } from '../core/appLinks';
import { createConnectors } from '../workflows/connectors';
import { simulatedTickers } from '../workflows/connectors/simulatedTickers';
import type { Connector, RawPost } from '../domain/scans/connector';
import type { evaluateAlerts, scanPlatform } from '../workflows/definitions';
import { createMailer } from '../domain/notifications/mailer';
import { createSmsSender } from '../domain/notifications/smsSender';
import { startSmtpCapture } from '../domain/notifications/smtpCapture';
import { createSimulatedPriceProvider } from '../domain/prices/simulatedPrices';
import { startWorker } from '../workflows/worker';
import { startWebhookReceiver } from '../tests/support/webhookReceiver';
import { withBenchStack } from './benchStack';

const TICKERS = 500;
const USERS = 1_000;
const ALERTS_PER_USER = 10;
const DAY_MENTIONS = 200_000;
/** Mentions over the 7 days before the last one: what the spike alerts' baselines read. */
const BASELINE_MENTIONS = 200_000;
const TRENDING = 20;
const BURST_POSTS = 60;

export interface AlertsBenchResult {
  alerts: number;
  passSeconds: number;
  crossingPassSeconds: number;
  crossingEmails: number;
  crossed: number;
  scanToInboxSeconds: number;
  scanToWebhookSeconds: number;
}

/** A reddit source that, once armed, returns a burst of posts all mentioning one cashtag. */
function burstConnector(ticker: string): Connector & { arm(): void } {
  let armed = false;
  return {
    platform: 'reddit',
    simulated: true,
    arm: () => (armed = true),
    async fetchNew(source) {
      if (!armed) return { posts: [], cursor: null };
      armed = false;
      const at = new Date().toISOString();
      const posts: RawPost[] = Array.from({ length: BURST_POSTS }, (_, i) => ({
        platform: 'reddit',
        postId: `t3_burst_${Date.now()}_${i}`,
        source: `r/${source.value}`,
        author: `burst_author_${i}`,
        createdAt: at,
        title: `$${ticker} is moving`,
        text: `Everyone is talking about $${ticker} today, calls are flying`,
        url: 'https://example.com',
        engagement: 1,
      }));
      return { posts, cursor: at };
    },
  };
}

export async function benchAlerts(): Promise<AlertsBenchResult> {
  return withBenchStack('bench-alerts', async ({ db, warehouse, temporal }) => {
    const smtp = await startSmtpCapture({ db, port: 0 });
    let webhookAt = Number.NaN;
    const receiver = await startWebhookReceiver({ answer: () => ((webhookAt = performance.now()), 200) });

    // 500 stocks with prices, a day of mentions over them, 10,000 alerts well above the counts (the steady state).
    const universe = await db('tickers')
      .orderBy('symbol')
      .limit(TICKERS)
      .select<Array<{ symbol: string; name: string }>>('symbol', 'name');
    const stockIds = await db('stocks')
      .insert(
        universe.map((t, i) => ({
          ticker: t.symbol,
          name: t.name,
          price: (10 + (i % 90)).toFixed(2),
          change_percent: '0.50',
          sentiment: 'neutral',
        })),
      )
      .returning<{ id: number; ticker: string }[]>(['id', 'ticker']);
    const now = Date.now();
    const labels = ['neutral', 'bullish', 'neutral', 'bearish', 'bullish'] as const;
    const rows: MentionRow[] = Array.from({ length: DAY_MENTIONS + BASELINE_MENTIONS }, (_, i) => ({
      ticker: universe[i % TICKERS]!.symbol,
      platform: dashboardPlatforms[i % dashboardPlatforms.length]!,
      post_id: `bench_${i}`,
      source: 'bench',
      author_hash: (i % 7919).toString(16).padStart(16, '0'),
      ts: new Date(
        i < DAY_MENTIONS ? now - ((i * 7919) % DAY_MS) : now - DAY_MS - ((i * 7919) % (7 * DAY_MS)),
      ).toISOString(),
      compound: 0,
      label: labels[(i * 13) % labels.length]!,
      engagement: 1,
      simulated: true,
      analyser: 'bench',
    }));
    for (let i = 0; i < rows.length; i += 50_000) await insertMentions(warehouse, rows.slice(i, i + 50_000));

    const userIds = (
      await db('users')
        .insert(
          Array.from({ length: USERS }, (_, i) => ({
            email: `bench${i}@example.com`,
            password_hash: 'x',
            subscription_status: 'active',
          })),
        )
        .returning<{ id: string }[]>('id')
    ).map((r) => r.id);
    const windows = [60, 240, 1440];
    // Every kind in its steady state: thresholds and spikes out of reach, sentiment majorities and the trending set unchanged.
    const kindOf = (k: number) => {
      if (k < 4) return { kind: 'threshold', mention_threshold: 5_000 + k * 17 };
      if (k < 7) return { kind: 'spike', mention_threshold: null, spike_factor: 2 + k, min_mentions: 100_000 };
      if (k < 9) return { kind: 'sentiment_flip', mention_threshold: null, min_mentions: 5 + k };
      return { kind: 'new_trend', mention_threshold: null, trend_scope: 'stock' };
    };
    const scopes = ['stock', 'watchlist', 'any'] as const;
    const alertRows = userIds.flatMap((userId, u) =>
      Array.from({ length: ALERTS_PER_USER }, (_, k) => {
        const kind = kindOf(k);
        const scope = kind.kind === 'new_trend' ? scopes[u % 3]! : null;
        return {
          user_id: userId,
          stock_id: scope === 'watchlist' || scope === 'any' ? null : stockIds[(u * ALERTS_PER_USER + k) % TICKERS]!.id,
          window_minutes: windows[(u + k) % 3],
          email_enabled: true,
          ...kind,
          ...(scope ? { trend_scope: scope } : {}),
        };
      }),
    );
    await db('trending_stocks').insert(
      universe.slice(0, TRENDING).map((t, i) => ({ ticker: t.symbol, name: t.name, trend_score: 90 - i })),
    );
    await db('watchlist_items').insert(
      userIds.flatMap((user_id, u) =>
        Array.from({ length: 20 }, (_, k) => ({ user_id, stock_id: stockIds[(u + k * 25) % TICKERS]!.id })),
      ),
    );
    for (let i = 0; i < alertRows.length; i += 2000) await db('alerts').insert(alertRows.slice(i, i + 2000));

    // The latency alert: one subscriber watching the burst ticker over the last hour, just under its threshold.
    const burstTicker = universe[TICKERS - 1]!.symbol;
    const [latencyUser] = await db('users')
      .insert({ email: 'latency@example.com', password_hash: 'x', subscription_status: 'active' })
      .returning<{ id: string }[]>('id');
    const burstStock = stockIds.find((s) => s.ticker === burstTicker)!;
    await db('platform_settings').insert({ platform: 'reddit', setting_type: 'subreddits', values: ['bench'] });

    const burst = burstConnector(burstTicker);
    const tickers = await db('tickers').select('symbol', 'name', 'aliases');
    const connectors = createConnectors({
      simulated: { seed: 5, postsPerMinute: 0, tickers: simulatedTickers(tickers, 5) },
      real: { reddit: burst },
    });
    const notifications = {
      mailer: createMailer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: 'StockPulse <alerts@stockpulse.app>' }),
      sms: createSmsSender(db, {}),
      dashboardUrl: 'http://localhost:3000/dashboard',
    };
    const worker = await startWorker({
      address: temporal.address,
      namespace: 'default',
      taskQueue: 'bench',
      activities: createActivities({
        db,
        warehouse,
        connectors,
        prices: createSimulatedPriceProvider({ seed: 5 }),
        maxPostsPerSource: 5000,
        sentiment: createSentimentAnalyser(loadSentimentModel()),
        links: appLinks('http://bench.invalid'),
        notifications,
        webhooks: { allowPrivateTargets: true },
      }),
    });
    const connection = await Connection.connect({ address: temporal.address });
    const client = new Client({ connection });
    let run = 0;
    const pass = async () => {
      const start = performance.now();
      const summary = await client.workflow.execute<typeof evaluateAlerts>('evaluateAlerts', {
        taskQueue: 'bench',
        workflowId: `bench-evaluate-${++run}`,
      });
      return { seconds: (performance.now() - start) / 1000, summary };
    };

    await pass(); // warm-up: workflow bundle, connections, first reads; sentiment flips and new trends take their starting point
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const { seconds, summary } = await pass();
      if (summary.crossed !== 0) throw new Error(`steady-state pass crossed ${summary.crossed} alerts`);
      times.push(seconds);
    }
    const passSeconds = times.sort((a, b) => a - b)[2]!;

    // One threshold alert per stock that has one (200 stocks) drops its threshold to 1: one pass crosses them all and sends an e-mail each.
    await db('alerts')
      .whereIn(
        'id',
        db('alerts').where('kind', 'threshold').distinctOn('stock_id').orderBy(['stock_id', 'id']).select('id'),
      )
      .update({ mention_threshold: 1, window_minutes: 1440 });
    const crossing = await pass();
    const crossingEmails = Number((await db('outbox_messages').count<{ count: string }[]>({ count: '*' }))[0]!.count);
    await db('alerts').update({ is_active: false });

    // Scan to inbox: the latency alert sits just under the burst ticker's last-hour count.
    const hourCount = async () => {
      const r = await warehouse.query({
        query: `SELECT uniqExact(post) AS n FROM mention_minutes WHERE ticker = {t:String} AND minute >= now() - INTERVAL 59 MINUTE`,
        query_params: { t: burstTicker },
        format: 'JSONEachRow',
      });
      return Number((await r.json<{ n: number }>())[0]?.n ?? 0);
    };
    await db('alerts').insert({
      user_id: latencyUser!.id,
      stock_id: burstStock.id,
      mention_threshold: (await hourCount()) + 10,
      window_minutes: 60,
      email_enabled: true,
    });
    await db('webhook_targets').insert({ user_id: latencyUser!.id, url: receiver.url('/latency'), format: 'json' });
    await pass(); // the latency alert is evaluated once below its threshold
    burst.arm();
    const start = performance.now();
    const scan = client.workflow.execute<typeof scanPlatform>('scanPlatform', {
      taskQueue: 'bench',
      workflowId: 'bench-scan-reddit',
      args: [{ platform: 'reddit' }],
    });
    let scanToInboxSeconds = Number.NaN;
    while (performance.now() - start < 60_000) {
      const arrived = await db('outbox_messages').whereRaw('? = ANY(recipients)', ['latency@example.com']).first('id');
      if (arrived && Number.isNaN(scanToInboxSeconds)) scanToInboxSeconds = (performance.now() - start) / 1000;
      if (!Number.isNaN(scanToInboxSeconds) && !Number.isNaN(webhookAt)) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const scanToWebhookSeconds = (webhookAt - start) / 1000;
    await scan;
    await receiver.close();

    await worker.stop();
    await connection.close();
    notifications.mailer.close();
    await smtp.stop();
    return {
      alerts: alertRows.length,
      passSeconds,
      crossingPassSeconds: crossing.seconds,
      crossingEmails,
      crossed: crossing.summary.crossed,
      scanToInboxSeconds,
      scanToWebhookSeconds,
    };
  });
}

export function reportAlerts(r: AlertsBenchResult): void {
  console.log(
    `alerts: one EvaluateAlerts pass over ${r.alerts.toLocaleString('en-US')} active alerts of mixed kinds on ${TICKERS} tickers, no crossing (median of 5): ${r.passSeconds.toFixed(2)} s (target < 1 s)`,
  );
  console.log(
    `alerts: one pass where ${r.crossed} alerts cross and ${r.crossingEmails} e-mails go through SMTP: ${r.crossingPassSeconds.toFixed(2)} s`,
  );
  console.log(
    `alerts: scan start (fetch + mention write) to e-mail in the SMTP server: ${r.scanToInboxSeconds.toFixed(2)} s (target < 10 s)`,
  );
  console.log(
    `alerts: scan start to the signed webhook read by a local receiver: ${r.scanToWebhookSeconds.toFixed(2)} s (target < 5 s)`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  reportAlerts(await benchAlerts());
  process.exit(0);
}

export function alertsFigures(r: AlertsBenchResult): Figure[] {
  return [
    figure(
      'alerts',
      `EvaluateAlerts pass over ${r.alerts} alerts, no crossing (median of 5)`,
      Math.round(r.passSeconds * 100) / 100,
      's',
      '< 1',
    ),
    figure(
      'alerts',
      `EvaluateAlerts pass with ${r.crossed} crossings and ${r.crossingEmails} e-mails`,
      Math.round(r.crossingPassSeconds * 100) / 100,
      's',
    ),
    figure(
      'alerts',
      'scan start to e-mail in the SMTP server',
      Math.round(r.scanToInboxSeconds * 100) / 100,
      's',
      '< 10',
    ),
    figure(
      'alerts',
      'scan start to the signed webhook received',
      Math.round(r.scanToWebhookSeconds * 100) / 100,
      's',
      '< 5',
    ),
  ];
}
