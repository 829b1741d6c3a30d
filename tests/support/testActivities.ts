import type { Knex } from 'knex';
import { createSentimentAnalyser, loadSentimentModel } from '../../domain/signal/sentimentModel';
import type { Warehouse } from '../../warehouse/client';
import { createActivities } from '../../workflows/activities';
import { createConnectors } from '../../workflows/connectors';
import type { SimulatedFeedOptions } from '../../workflows/connectors/simulatedFeed';
import { simulatedTickers } from '../../workflows/connectors/simulatedTickers';
import type { Connector } from '../../domain/scans/connector';
import type { DeliveryHooks, NotificationChannels } from '../../domain/notifications/delivery';
import type { WebhookHooks } from '../../domain/notifications/webhookDelivery';
import type { WebhookPolicy } from '../../domain/notifications/webhookSender';
import type { PriceProvider } from '../../domain/prices';
import { createSimulatedPriceProvider } from '../../domain/prices/simulatedPrices';
import { appLinks } from '../../core/appLinks';
import type { Platform } from '../../core/platforms';

export interface TestActivityOptions {
  real?: Partial<Record<Platform, Connector>>;
  postsPerMinute?: number;
  now?: () => Date;
  maxPostsPerSource?: number;
  /** Defaults to the simulated prices (seed 7) on the same clock. */
  prices?: PriceProvider;
  cacheTrendBaseline?: boolean;
  notifications?: NotificationChannels;
  deliveryHooks?: DeliveryHooks;
  listingsUrl?: string;
  webhooks?: WebhookPolicy;
  webhookHooks?: WebhookHooks;
}

/** The public URL of the product under test (PUBLIC_URL in the tests' configurations). */
export const TEST_LINKS = appLinks('https://stockpulse.test');

/** Tests' simulated feeds backfill a day, not the product's week: the same code path at a seventh of the rows. */
export const TEST_BACKFILL_MINUTES = 24 * 60;

/** The production activities over the given stores, with the seeded simulated feed and prices (seed 7) unless real ones are passed. */
export async function testActivities(db: Knex, warehouse: Warehouse, options: TestActivityOptions = {}) {
  const universe = await db('tickers').select('symbol', 'name', 'aliases');
  const simulated: SimulatedFeedOptions = {
    seed: 7,
    postsPerMinute: options.postsPerMinute ?? 2,
    backfillMinutes: TEST_BACKFILL_MINUTES,
    tickers: simulatedTickers(universe.length ? universe : [{ symbol: 'TSLA', name: 'Tesla', aliases: ['tesla'] }], 7),
    now: options.now,
  };
  const connectors = createConnectors({ simulated, real: options.real });
  const prices = options.prices ?? createSimulatedPriceProvider({ seed: 7, now: options.now });
  return createActivities({
    db,
    warehouse,
    connectors,
    prices,
    maxPostsPerSource: options.maxPostsPerSource ?? 5000,
    sentiment: createSentimentAnalyser(loadSentimentModel()),
    links: TEST_LINKS,
    now: options.now,
    cacheTrendBaseline: options.cacheTrendBaseline,
    notifications: options.notifications,
    deliveryHooks: options.deliveryHooks,
    listingsUrl: options.listingsUrl,
    webhooks: options.webhooks,
    webhookHooks: options.webhookHooks,
  });
}
