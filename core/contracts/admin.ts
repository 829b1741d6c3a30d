import { z } from 'zod';
import { publicUserSchema, roleSchema } from './user';
import { platforms, sourceListTypes } from '../platforms';
import { analyserKinds } from '../sentimentAnalysers';

/** Pro plan price in dollars per month. */
export const PRO_MONTHLY_PRICE = 49;
/** Admin user list page size. */
export const ADMIN_USERS_PAGE_SIZE = 50;

/** GET /api/admin/stats, plus the per-status counts and revenue figures the Subscriptions tab shows. */
export const adminStatsSchema = z.object({
  totalUsers: z.number(),
  activeUsers: z.number(),
  subscribedUsers: z.number(),
  trialUsers: z.number(),
  expiredUsers: z.number(),
  cancelledUsers: z.number(),
  /** Percent, one decimal: (cancelled + expired) / (active + cancelled + expired). */
  churnRate: z.number(),
  /** Monthly recurring revenue: active subscribers × 49. */
  monthlyRevenue: z.number(),
  /** Annual run rate: active subscribers × 49 × 12. */
  totalRevenue: z.number(),
  /** Trial users × 49 (what converting every trial would add per month). */
  trialRevenuePotential: z.number(),
  /** Trial users × 49 × 0.2 (the "potential revenue" shown). */
  potentialRevenue: z.number(),
  totalStocks: z.number(),
  /** Users per stored subscription status, every status present (0 when none). */
  usersByStatus: z.record(z.string(), z.number()),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** The subscription filter of User Management. "trial" also matches "trialing", "none" also "inactive". */
export const adminSubscriptionFilters = ['active', 'trial', 'cancelled', 'expired', 'none'] as const;
export const adminSubscriptionFilterSchema = z.enum(adminSubscriptionFilters);
export type AdminSubscriptionFilter = z.infer<typeof adminSubscriptionFilterSchema>;

/** Query of GET /api/admin/users. */
export const adminUsersQuerySchema = z.object({
  page: z.coerce
    .number()
    .int('page must be a whole number')
    .min(1, 'page must be at least 1')
    .max(1_000_000, 'page must be at most 1000000')
    .default(1),
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be 1 to 100')
    .max(100, 'limit must be 1 to 100')
    .default(ADMIN_USERS_PAGE_SIZE),
  subscriptionStatus: z.union([z.literal('all'), adminSubscriptionFilterSchema]).default('all'),
  role: z.union([z.literal('all'), roleSchema]).default('all'),
  search: z.string().trim().max(200, 'search is at most 200 characters').default(''),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const adminUsersResponseSchema = z.object({
  users: z.array(publicUserSchema),
  totalPages: z.number(),
  total: z.number(),
});
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

export const adminRoleChangeSchema = z.object({ role: roleSchema });

/** The statuses an admin may set directly. */
export const adminSettableStatuses = ['active', 'trial', 'cancelled', 'expired', 'none'] as const;
export const adminSubscriptionChangeSchema = z.object({
  subscriptionStatus: z.enum(adminSettableStatuses, {
    message: `subscriptionStatus must be one of ${adminSettableStatuses.join(', ')}`,
  }),
});

/** One item per line, trimmed, empty lines dropped; duplicates dropped too, first occurrence kept. */
export function normaliseSourceValues(values: readonly string[]): string[] {
  return [...new Set(values.map((v) => v.trim()).filter((v) => v !== ''))];
}

/** POST /api/admin/platform-settings. */
/** A platform id of the list, as a request names it. */
const platformSchema = z.enum(platforms, { message: `platform must be one of ${platforms.join(', ')}` });

export const platformSettingInputSchema = z
  .object({
    platform: platformSchema,
    settingType: z.string().trim(),
    values: z
      .array(z.string().max(200, 'Each entry is at most 200 characters'))
      .max(500, 'At most 500 entries')
      .transform(normaliseSourceValues),
  })
  .superRefine((input, ctx) => {
    const allowed: readonly string[] = sourceListTypes[input.platform];
    if (!allowed.includes(input.settingType)) {
      ctx.addIssue({
        code: 'custom',
        path: ['settingType'],
        message: `settingType for ${input.platform} must be one of ${allowed.join(', ')}`,
      });
    }
  });
export type PlatformSettingInput = z.infer<typeof platformSettingInputSchema>;

export const platformSettingSchema = z.object({
  platform: z.string(),
  settingType: z.string(),
  values: z.array(z.string()),
  isActive: z.boolean(),
  updatedAt: z.string(),
});
export type PlatformSetting = z.infer<typeof platformSettingSchema>;

/** Workflow types the Pipelines tab lists. */
export const pipelineWorkflowTypes = ['scanPlatform', 'detectTrends', 'refreshPrices', 'rescoreMentions'] as const;
export const pipelineRunStatuses = [
  'RUNNING',
  'COMPLETED',
  'FAILED',
  'CANCELLED',
  'TERMINATED',
  'CONTINUED_AS_NEW',
  'TIMED_OUT',
  'UNKNOWN',
] as const;

export const pipelineRunsQuerySchema = z.object({
  type: z.union([z.literal('all'), z.enum(pipelineWorkflowTypes)]).default('all'),
  status: z.union([z.literal('all'), z.enum(pipelineRunStatuses)]).default('all'),
  limit: z.coerce.number().int().min(1, 'limit must be 1 to 100').max(100, 'limit must be 1 to 100').default(30),
});

export const pipelineRunSchema = z.object({
  workflowId: z.string(),
  runId: z.string(),
  type: z.string(),
  platform: z.string().nullable(),
  status: z.string(),
  startedAt: z.string(),
  closedAt: z.string().nullable(),
  durationMs: z.number().nullable(),
  posts: z.number().nullable(),
  mentions: z.number().nullable(),
  error: z.string().nullable(),
  /** Link to the run in the Temporal Web UI, when its URL is known. */
  temporalUrl: z.string().nullable(),
  /** A failed, timed-out, terminated or cancelled run can be started again with the same input. */
  canRerun: z.boolean(),
});
export type PipelineRun = z.infer<typeof pipelineRunSchema>;

export const pipelineRunsResponseSchema = z.object({
  runs: z.array(pipelineRunSchema),
  temporalUiUrl: z.string().nullable(),
});
export type PipelineRunsResponse = z.infer<typeof pipelineRunsResponseSchema>;

/** One source's YouTube quota units today (search.list 100 each, list calls 1 each) against its share of the day. */
export const quotaSourceSchema = z.object({
  settingType: z.string(),
  source: z.string(),
  searchUnits: z.number(),
  readUnits: z.number(),
  units: z.number(),
  share: z.number(),
});
/** The YouTube Data API quota of the current quota day (midnight to midnight Pacific time), per source. */
export const youtubeQuotaSchema = z.object({
  day: z.string(),
  resetsAt: z.string(),
  dailyQuota: z.number(),
  spent: z.number(),
  /** False while YouTube runs on the simulated feed (no API key): nothing is spent. */
  live: z.boolean(),
  sources: z.array(quotaSourceSchema),
});
export type YouTubeQuota = z.infer<typeof youtubeQuotaSchema>;

/** One price refresh as the admin's Pipelines page shows it. */
export const priceRefreshSchema = z.object({
  at: z.string(),
  source: z.string(),
  simulated: z.boolean(),
  tickers: z.number(),
  priced: z.number(),
  ticks: z.number(),
  historyFilled: z.number(),
  historyPending: z.number(),
  note: z.string().nullable(),
});
export const pricePipelineSchema = z.object({
  /** The provider the worker is configured with. */
  source: z.string(),
  simulated: z.boolean(),
  /** Newest first; empty before the first refresh. */
  refreshes: z.array(priceRefreshSchema),
  /** Symbols listed today, and how many of them have no dated reference price (the simulated feed shows no price for them). */
  listedSymbols: z.number(),
  withoutReferencePrice: z.number(),
});
export type PricePipeline = z.infer<typeof pricePipelineSchema>;

export const startScanSchema = z.object({ platform: platformSchema });
export const rerunSchema = z.object({
  workflowId: z.string().min(1, 'workflowId is required').max(300),
  runId: z.string().uuid('runId must be a Temporal run id (a UUID)').optional(),
});
export const startedRunSchema = z.object({ workflowId: z.string(), runId: z.string(), type: z.string() });
export type StartedRun = z.infer<typeof startedRunSchema>;

/** GET /api/admin/retention: days each kind of stored data is kept (configuration; ClickHouse removes older rows by TTL). */
export const retentionSchema = z.object({
  postsDays: z.number().int(),
  mentionsDays: z.number().int(),
  postSetRollupDays: z.number().int(),
  hourRollupDays: z.number().int(),
  dayRollupDays: z.number().int(),
});
export type RetentionSettings = z.infer<typeof retentionSchema>;

/** The history re-score (RescoreMentions): whether one runs and how far it got. */
export const rescoreStatusSchema = z.object({
  state: z.enum(['idle', 'running', 'completed', 'failed']),
  workflowId: z.string(),
  startedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  progress: z
    .object({
      analyser: z.string(),
      hoursDone: z.number(),
      hoursTotal: z.number(),
      relabelled: z.number(),
    })
    .nullable(),
});
export type RescoreStatus = z.infer<typeof rescoreStatusSchema>;

/**
 * GET /api/admin/pipelines/labels: the mentions of the last day by the analyser of their current label, so an operator
 * sees whether the transformer keeps up (the fast first labels should be minutes old at most).
 */
export const labelCoverageSchema = z.object({
  since: z.string(),
  mentions: z.number().int(),
  analysers: z.array(
    z.object({
      analyser: z.string(),
      kind: z.enum(analyserKinds),
      mentions: z.number().int(),
      /** The oldest and newest mention (by post time) whose current label this analyser gave. */
      oldest: z.string(),
      newest: z.string(),
    }),
  ),
});
export type LabelCoverage = z.infer<typeof labelCoverageSchema>;
