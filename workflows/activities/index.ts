import type { Knex } from 'knex';
import type { SentimentAnalyser } from '../../domain/signal/sentimentModel';
import type { Warehouse } from '../../warehouse/client';
import type { Connector } from '../../domain/scans/connector';
import type { DeliveryHooks, NotificationChannels } from '../../domain/notifications/delivery';
import type { PriceProvider } from '../../domain/prices';
import { createAlertActivities } from './alertActivities';
import { createAlertOutcomeActivities } from './alertOutcomeActivities';
import { createNotificationActivities } from './notificationActivities';
import type { WebhookHooks } from '../../domain/notifications/webhookDelivery';
import type { WebhookPolicy } from '../../domain/notifications/webhookSender';
import { createWebhookActivities } from './webhookActivities';
import { createPostAnalyserCache } from '../../domain/scans/postAnalyserCache';
import { createPriceActivities } from './priceActivities';
import { createRescoreActivities } from './rescoreActivities';
import type { MentionRescorer } from '../../domain/sentiment/rescoreMentions';
import { createProbeActivities } from './probeStores';
import { createScanActivities } from './scanActivities';
import { createStockSnapshotActivities } from './stockSnapshotActivities';
import { createTrendActivities } from './trendActivities';
import { createTrialActivities } from './trialActivities';
import { createUniverseActivities } from './universeActivities';
import type { AppLinks } from '../../core/appLinks';
import type { Platform } from '../../core/platforms';

export interface ActivityDeps {
  db: Knex;
  warehouse: Warehouse;
  connectors: Record<Platform, Connector>;
  /** The market-data source of refreshPrices (real API or simulated walk). */
  prices: PriceProvider;
  maxPostsPerSource: number;
  /** The sentiment model every scan scores posts with (loaded once at start-up). */
  sentiment: SentimentAnalyser;
  /** Re-labels stored mentions with the sentiment transformer (absent: the re-score activities fail without retry). */
  rescorer?: MentionRescorer;
  /** The clock of time-window activities (tests pin it). */
  now?: () => Date;
  /** Keep the 7-day trend baseline for the hour it is valid (default true; tests that rewrite history turn it off). */
  cacheTrendBaseline?: boolean;
  /** The product's pages (under its public URL) that messages and webhook bodies link to. */
  links: AppLinks;
  /** E-mail and SMS senders of alert and digest notifications (without them deliveries fail and are retried later). */
  notifications?: NotificationChannels;
  /** Test seam for fault injection around a send. */
  deliveryHooks?: DeliveryHooks;
  /** Which webhook targets may be reached (WEBHOOK_ALLOW_PRIVATE_TARGETS) and how host names resolve. */
  webhooks?: WebhookPolicy;
  webhookHooks?: WebhookHooks;
  /** Base URL of NASDAQ Trader's symbol directory (TICKER_LISTINGS_URL); tests point it at a local server. */
  listingsUrl?: string;
}

/** Every activity the worker registers, built from the clients it is given (tests pass real or fake ones). */
export function createActivities(deps: ActivityDeps) {
  return {
    ...createProbeActivities(deps),
    ...createScanActivities({ ...deps, analysers: createPostAnalyserCache(deps.db, deps.sentiment) }),
    ...createStockSnapshotActivities(deps),
    ...createPriceActivities(deps),
    ...createTrendActivities({ ...deps, cacheBaseline: deps.cacheTrendBaseline }),
    ...createAlertActivities(deps),
    ...createAlertOutcomeActivities(deps),
    ...createNotificationActivities(deps),
    ...createWebhookActivities(deps),
    ...createTrialActivities(deps),
    ...createUniverseActivities(deps),
    ...createRescoreActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
