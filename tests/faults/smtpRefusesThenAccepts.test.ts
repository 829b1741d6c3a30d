import { Client, Connection } from '@temporalio/client';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { evaluateAlerts } from '../../workflows/definitions';
import { createMailer } from '../../domain/notifications/mailer';
import { createSmsSender } from '../../domain/notifications/smsSender';
import { startWorker, type RunningWorker } from '../../workflows/worker';
import { insertMentions } from '../../warehouse/queries/insertMentions';
import { MINUTE, mentionAt } from '../support/mentionRows';
import { testActivities } from '../support/testActivities';
import {
  createTestDatabase,
  createTestWarehouse,
  uniqueTaskQueue,
  type TestDatabase,
  type TestWarehouse,
} from '../support/testStores';

const clock = new Date('2026-11-20T15:30:00Z').getTime();
const now = () => new Date(clock);

/** A real SMTP server that answers the first deliveries with "451 try again later", then accepts. */
async function startRefusingSmtp(refusals: number) {
  const accepted: string[] = [];
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refused < refusals) {
          refused++;
          return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
        }
        accepted.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    port,
    accepted,
    refusedCount: () => refused,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe('an SMTP server that refuses, then accepts', () => {
  let database: TestDatabase;
  let store: TestWarehouse;
  let smtp: Awaited<ReturnType<typeof startRefusingSmtp>>;
  let worker: RunningWorker;
  let client: Client;
  let closeMailer = () => {};
  const taskQueue = uniqueTaskQueue('smtp-refusal');

  beforeAll(async () => {
    database = await createTestDatabase();
    store = await createTestWarehouse();
    smtp = await startRefusingSmtp(2);
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      from: 'StockPulse <alerts@stockpulse.app>',
    });
    closeMailer = () => mailer.close();
    const notifications = {
      mailer,
      sms: createSmsSender(database.db, {}),
      dashboardUrl: 'https://stockpulse.test/dashboard',
    };
    worker = await startWorker({
      address: inject('temporalAddress'),
      namespace: 'default',
      taskQueue,
      activities: await testActivities(database.db, store.warehouse, { now, notifications }),
    });
    client = new Client({ connection: await Connection.connect({ address: inject('temporalAddress') }) });
  });
  afterAll(async () => {
    await worker?.stop();
    await client?.connection.close();
    closeMailer();
    await smtp?.close();
    await store?.close();
    await database?.drop();
  });

  it('the alert e-mail is retried until accepted: delivered exactly once, nothing dropped', async () => {
    const [user] = await database
      .db('users')
      .insert({ email: 'patient@example.com', password_hash: 'x', subscription_status: 'active' })
      .returning('id');
    const [stock] = await database
      .db('stocks')
      .insert({ ticker: 'BB', name: 'BlackBerry', price: '3.21', change_percent: '0.50', sentiment: 'bullish' })
      .returning('id');
    await database.db('alerts').insert({
      user_id: user.id,
      stock_id: stock.id,
      mention_threshold: 3,
      window_minutes: 60,
      email_enabled: true,
      sms_enabled: false,
    });
    await insertMentions(
      store.warehouse,
      Array.from({ length: 4 }, (_, i) => mentionAt('BB', clock - 10 * MINUTE + i * 1000, { label: 'bullish' })),
    );

    const result = await client.workflow.execute<typeof evaluateAlerts>('evaluateAlerts', {
      taskQueue,
      workflowId: `evaluate-alerts-${taskQueue}`,
    });
    expect(result).toMatchObject({ crossed: 1, sent: 1, failedBatches: 0 });
    expect(smtp.refusedCount()).toBe(2);
    expect(smtp.accepted).toHaveLength(1);
    expect(smtp.accepted[0]).toContain('BB alert: 4 mentions (threshold 3)');
    const rows = await database.db('notifications').select('status', 'attempts', 'channel');
    expect(rows).toEqual([{ status: 'sent', attempts: 3, channel: 'email' }]);
  }, 60_000);
});
