import type { Knex } from 'knex';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import {
  webhookTargetInputSchema,
  type WebhookDelivery,
  type WebhookSettings,
  type WebhookTarget,
} from '../../core/contracts/webhooks';
import type { DeliveryStarts } from '../../domain/notifications/deliveryStarts';
import { sendTestWebhooks } from '../../domain/notifications/testWebhooks';
import {
  resolveWebhookTarget,
  WebhookTargetRefused,
  type WebhookPolicy,
} from '../../domain/notifications/webhookSender';
import {
  deleteAlertWebhook,
  deleteWebhookTarget,
  insertWebhookTarget,
  listAlertWebhooks,
  listWebhookDeliveries,
  listWebhookTargets,
  rotateWebhookSecret,
  setAlertWebhook,
  webhookSecretOf,
  webhookTargetOf,
} from '../../warehouse/postgres/webhooks';
import { HttpError, notFound } from '../http/httpError';

export interface WebhookServiceOptions {
  /** Which URLs may be saved (the same rules are checked again at every send, by the worker). */
  policy: WebhookPolicy;
  /** Starts each test send's delivery workflow. */
  deliveries: DeliveryStarts;
  /** How long Send test waits for the first attempts before it answers with the log as it stands. */
  testWaitMs: number;
  maxTargets: number;
  testsPerHour: number;
  /** Links carried by test bodies. */
  links: { dashboard: string; alerts: string };
}

/** A user's webhook settings, the delivery log and the Send test call; every URL is checked before it is stored. */
export function createWebhookService(db: Knex, options: WebhookServiceOptions) {
  const testLimiter = new RateLimiterPostgres({
    storeClient: db,
    storeType: 'knex',
    tableName: 'rate_limits',
    tableCreated: true,
    keyPrefix: 'webhook_test',
    points: options.testsPerHour,
    duration: 60 * 60,
  });

  /** The URL and format, with the host resolved now: a URL that is not https or leads to a non-public address is a 400 on url. */
  async function checkedTarget(body: unknown) {
    const input = webhookTargetInputSchema.parse(body ?? {});
    try {
      await resolveWebhookTarget(input.url, options.policy);
    } catch (err) {
      if (err instanceof WebhookTargetRefused) throw new HttpError(400, err.message, 'url');
      throw err;
    }
    return input;
  }

  return {
    async settings(userId: string): Promise<WebhookSettings> {
      return {
        targets: await listWebhookTargets(db, userId),
        alertOverrides: await listAlertWebhooks(db, userId),
        secret: await webhookSecretOf(db, userId),
        maxTargets: options.maxTargets,
      };
    },

    async addTarget(userId: string, body: unknown): Promise<WebhookTarget> {
      const result = await insertWebhookTarget(db, userId, await checkedTarget(body), options.maxTargets);
      if ('limitReached' in result)
        throw new HttpError(
          400,
          `You can have at most ${options.maxTargets} webhook targets; delete one to add another`,
          'url',
        );
      if ('duplicate' in result) throw new HttpError(409, 'This webhook URL is already one of your targets', 'url');
      return result.target;
    },

    async removeTarget(userId: string, id: number): Promise<void> {
      if (!(await deleteWebhookTarget(db, userId, id))) throw notFound('Webhook target not found');
    },

    async rotateSecret(userId: string): Promise<{ secret: string }> {
      return { secret: await rotateWebhookSecret(db, userId) };
    },

    async setAlertTarget(
      userId: string,
      alertId: number,
      body: unknown,
    ): Promise<{ alertId: number; url: string; format: WebhookTarget['format'] }> {
      const input = await checkedTarget(body);
      if (!(await setAlertWebhook(db, userId, alertId, input))) throw notFound('Alert not found');
      return { alertId, ...input };
    },

    async removeAlertTarget(userId: string, alertId: number): Promise<void> {
      if (!(await deleteAlertWebhook(db, userId, alertId))) throw notFound('Alert not found');
    },

    async deliveries(userId: string, limit: number): Promise<WebhookDelivery[]> {
      return await listWebhookDeliveries(db, userId, limit);
    },

    /**
     * Sends a signed test body now to one target or all of the user's, through the same delivery workflow, checks and
     * signature as an alert, and logs each like an alert delivery. Limited per user per hour (429).
     */
    async sendTest(userId: string, targetId: number | undefined): Promise<WebhookDelivery[]> {
      const targets =
        targetId === undefined
          ? await listWebhookTargets(db, userId)
          : [await webhookTargetOf(db, userId, targetId)].filter((t): t is WebhookTarget => t !== null);
      if (targetId !== undefined && targets.length === 0) throw notFound('Webhook target not found');
      if (targets.length === 0) throw new HttpError(409, 'Add a webhook target first');
      try {
        await testLimiter.consume(userId);
      } catch (res) {
        if (!(res instanceof RateLimiterRes)) throw res;
        const minutes = Math.max(1, Math.ceil(res.msBeforeNext / 60_000));
        throw new HttpError(
          429,
          `Too many test webhooks: ${options.testsPerHour} per hour. Try again in ${minutes} minute(s).`,
          undefined,
          { 'Retry-After': String(Math.ceil(res.msBeforeNext / 1000)) },
        );
      }
      return await sendTestWebhooks(
        { db, deliveries: options.deliveries, links: options.links, waitMs: options.testWaitMs },
        userId,
        targets,
      );
    },
  };
}
