import { z } from 'zod';
import { platforms, type Platform } from '../platforms';
import { timeRanges } from '../timeWindows';
import { alertOutcomeSchema } from './alertOutcomes';
import { sentimentSchema, tickerParamSchema, timeRangeSchema } from './stocks';

/**
 * The public read API (/api/v1): its inputs and answers. These field names are a promise to scripts: a field may be
 * added, never renamed or removed, within v1. Most are declared here rather than reused from the dashboard's contracts
 * so that a dashboard change cannot change them; alert outcomes reuse theirs, which was written as an API answer.
 */

const wholeNumber = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number from ${min} to ${max}` })
    .int(`${name} must be a whole number from ${min} to ${max}`)
    .min(min, `${name} must be a whole number from ${min} to ${max}`)
    .max(max, `${name} must be a whole number from ${min} to ${max}`);

/** `?format=csv` answers text/csv (as `Accept: text/csv` does); json is the default. */
export const responseFormatSchema = z.enum(['json', 'csv'], { error: 'format must be json or csv' });
/** An opaque position in a list, from the previous page's nextCursor. */
const cursorSchema = z.string().max(512, 'cursor is not one this API gave').optional();

export const stockSorts = ['trend', 'mentions', 'sentiment', 'change', 'ticker'] as const;

export const v1TickerParamsSchema = z.object({ ticker: tickerParamSchema });

export const v1StocksQuerySchema = z.object({
  range: timeRangeSchema.default('24hours'),
  sort: z.enum(stockSorts, { error: `sort must be one of ${stockSorts.join(', ')}` }).default('trend'),
  limit: wholeNumber('limit', 1, 500).default(100),
  cursor: cursorSchema,
  format: responseFormatSchema.optional(),
});

export const v1StockQuerySchema = z.object({ range: timeRangeSchema.default('24hours') });

export const mentionIntervals = ['minute', 'hour', 'day'] as const;
export type MentionInterval = (typeof mentionIntervals)[number];
const isoTime = (name: string) =>
  z
    .string()
    .refine(
      (v) => /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) && !Number.isNaN(Date.parse(v)),
      `${name} must be an ISO 8601 date or time, e.g. 2026-01-31T14:00:00Z`,
    )
    .transform((v) => new Date(v))
    .optional();

export const v1MentionsQuerySchema = z.object({
  from: isoTime('from'),
  to: isoTime('to'),
  interval: z
    .enum(mentionIntervals, { error: `interval must be one of ${mentionIntervals.join(', ')}` })
    .default('hour'),
  limit: wholeNumber('limit', 1, 1000).default(500),
  cursor: cursorSchema,
  format: responseFormatSchema.optional(),
});

export const v1PostsQuerySchema = z.object({
  limit: wholeNumber('limit', 1, 100).default(20),
  cursor: cursorSchema,
  format: responseFormatSchema.optional(),
});

export const v1TrendingQuerySchema = z.object({ format: responseFormatSchema.optional() });

export const v1OutcomesQuerySchema = z.object({
  limit: wholeNumber('limit', 1, 500).default(100),
  cursor: cursorSchema,
  format: responseFormatSchema.optional(),
});

/** A page of a list: `nextCursor` is null on the last page; pass it as `cursor` for the next one. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), nextCursor: z.string().nullable() });

/** Mentions in the range: the total and each platform's. */
export const v1MentionCountsSchema = z
  .object({ total: z.number().int() })
  .extend(Object.fromEntries(platforms.map((p) => [p, z.number().int()])) as Record<Platform, z.ZodNumber>);

/** One stock in GET /api/v1/stocks. Prices are in USD, null before the first price refresh. */
export const v1StockSchema = z.object({
  ticker: z.string(),
  name: z.string(),
  price: z.number().nullable(),
  changePercent: z.number().nullable(),
  mentions: v1MentionCountsSchema,
  /** Mentions in the window of the same length just before this one. */
  previousMentions: z.number().int(),
  /** The label most mentions in the range carry. */
  sentiment: sentimentSchema,
  /** (bullish − bearish) ÷ mentions in the range, −1 to 1. */
  sentimentScore: z.number(),
  /** The trend score (0 when not trending). */
  trendScore: z.number(),
  /** When the price was last refreshed. */
  priceUpdatedAt: z.string(),
});
export type V1Stock = z.infer<typeof v1StockSchema>;
export const v1StockPageSchema = pageOf(v1StockSchema);

const sentimentCounts = { bullish: z.number().int(), bearish: z.number().int(), neutral: z.number().int() };

/** GET /api/v1/stocks/{ticker}. */
export const v1StockDetailSchema = z.object({
  ticker: z.string(),
  name: z.string(),
  range: timeRangeSchema,
  price: z.number().nullable(),
  changePercent: z.number().nullable(),
  priceUpdatedAt: z.string(),
  mentions: v1MentionCountsSchema,
  sentiment: z.object({
    label: sentimentSchema,
    score: z.number(),
    counts: z.object(sentimentCounts),
    /** Each label's share of the range's mentions, 0 to 1 (all 0 without mentions). */
    shares: z.object({ bullish: z.number(), bearish: z.number(), neutral: z.number() }),
  }),
  trend: z.object({
    score: z.number(),
    trending: z.boolean(),
    /** How many standard deviations the last hour's mentions stood above the 7-day hourly baseline at the last detection (null when never scored). */
    zScore: z.number().nullable(),
    scoredAt: z.string().nullable(),
  }),
});
export type V1StockDetail = z.infer<typeof v1StockDetailSchema>;

/** One bucket of GET /api/v1/stocks/{ticker}/mentions: distinct mentions starting in it, by label. */
export const v1MentionBucketSchema = z.object({
  timestamp: z.string(),
  mentions: z.number().int(),
  ...sentimentCounts,
});
export type V1MentionBucket = z.infer<typeof v1MentionBucketSchema>;
export const v1MentionPageSchema = pageOf(v1MentionBucketSchema).extend({ interval: z.enum(mentionIntervals) });

/** One post of GET /api/v1/stocks/{ticker}/posts, newest first. */
export const v1PostSchema = z.object({
  id: z.string(),
  platform: z.string(),
  source: z.string(),
  text: z.string(),
  url: z.string(),
  publishedAt: z.string(),
  sentiment: sentimentSchema,
  /** The analyser's score, −1 (bearish) to 1 (bullish). */
  score: z.number(),
  /** `transformer-…`: the AI model's final label; `learned-…`: the fast first label, replaced within minutes; `lexicon-1`: before the learned model. */
  analyser: z.string(),
  simulated: z.boolean(),
});
export type V1Post = z.infer<typeof v1PostSchema>;
export const v1PostPageSchema = pageOf(v1PostSchema);

/** One stock of GET /api/v1/trending, newest trend first. */
export const v1TrendingSchema = z.object({
  ticker: z.string(),
  name: z.string(),
  trendScore: z.number().int(),
  zScore: z.number().nullable(),
  /** Mentions in the hour the detection scored, and the mean and standard deviation of the hourly baseline. */
  mentionsLastHour: z.number().int().nullable(),
  baselineMean: z.number().nullable(),
  baselineStddev: z.number().nullable(),
  mentionVelocity: z.number(),
  sentiment: sentimentSchema,
  sentimentScore: z.number(),
  isNewTrend: z.boolean(),
  trendingSince: z.string(),
  lastUpdated: z.string(),
});
export type V1Trending = z.infer<typeof v1TrendingSchema>;
export const v1TrendingListSchema = z.object({ data: z.array(v1TrendingSchema) });

/** One of the caller's alert firings and what the price did after it. */
export const v1AlertOutcomeSchema = alertOutcomeSchema;
export const v1AlertOutcomePageSchema = pageOf(v1AlertOutcomeSchema);

/** Every range the stock endpoints take (for the docs' examples). */
export const v1Ranges = timeRanges;

/** The CSV columns of a list's row schema: nested objects become dotted columns (`mentions.total`, `later.m15`). */
export function csvColumns(schema: z.ZodObject, prefix = ''): string[] {
  return Object.entries(schema.shape).flatMap(([key, value]) => {
    let inner = value as z.ZodType;
    while (inner instanceof z.ZodNullable || inner instanceof z.ZodOptional || inner instanceof z.ZodDefault)
      inner = inner.unwrap() as z.ZodType;
    return inner instanceof z.ZodObject ? csvColumns(inner, `${prefix}${key}.`) : [`${prefix}${key}`];
  });
}
