import { z } from 'zod';
import { perPlatform, platforms, type Platform } from '../platforms';
import { detailRanges, timeRanges } from '../timeWindows';

export const timeRangeSchema = z.enum(timeRanges, { error: `range must be one of ${timeRanges.join(', ')}` });
/** The stock list's and a detail view's range: the select's four, and the 30-day view. */
export const detailRangeSchema = z.enum(detailRanges, { error: `range must be one of ${detailRanges.join(', ')}` });

/** `redditMentions`, `twitterMentions`, …: a stock's mentions per platform, one field each. */
export type PlatformMentionFields = { [P in Platform as `${P}Mentions`]: number };
const mentionField = (p: Platform) => `${p}Mentions` as const;

const mentionFieldNames = platforms.map(mentionField);

/** Built field by field (it runs once per stock of a list of thousands; Object.fromEntries costs several times more). */
export function platformMentionFields(counts: Record<Platform, number>): PlatformMentionFields {
  const fields: Record<string, number> = {};
  for (let i = 0; i < platforms.length; i++) fields[mentionFieldNames[i]!] = counts[platforms[i]!];
  return fields as PlatformMentionFields;
}

/** The inverse of platformMentionFields: a stock's per-platform fields as one record keyed by platform. */
export const mentionsPerPlatform = (fields: PlatformMentionFields): Record<Platform, number> =>
  perPlatform((p) => fields[mentionField(p)]);

/** A zod shape with one `schema` field per platform, named by `name`. */
function perPlatformShape<K extends string, T extends z.ZodType>(name: (p: Platform) => K, schema: T): Record<K, T> {
  return Object.fromEntries(platforms.map((p) => [name(p), schema])) as Record<K, T>;
}

export const sentimentSchema = z.enum(['bullish', 'bearish', 'neutral']);
export type Sentiment = z.infer<typeof sentimentSchema>;

/**
 * A symbol in a path: 1–10 letters, digits or a dot (BRK.B), in either case, read upper-cased. The pattern is checked
 * before the upper-casing, so the one the API documents is the one it accepts (`aapl` as well as `AAPL`).
 */
export const tickerParamSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9.]{0,9}$/, 'ticker must be 1 to 10 letters, digits or dots, starting with a letter')
  .toUpperCase();

/**
 * Stock as GET /api/stocks returns it. Mention counts are those of the requested range;
 * price and changePercent are numeric strings (decimal 10,2 and 5,2), null before the first price refresh.
 */
export const stockSchema = z.object({
  id: z.number().int(),
  ticker: z.string(),
  name: z.string(),
  price: z.string().nullable(),
  changePercent: z.string().nullable(),
  totalMentions: z.number().int(),
  ...perPlatformShape(mentionField, z.number().int()),
  sentiment: sentimentSchema,
  lastUpdated: z.string(),
  createdAt: z.string(),
  /** The trend score the list is ordered by (0 when the ticker is not trending). */
  trendScore: z.number(),
  /** Mentions in the window of the same length just before this one (for "change in mentions"). */
  previousMentions: z.number().int(),
  /** (Bullish − bearish) ÷ mentions in the range, −1 to 1 (0 without mentions). */
  sentimentScore: z.number(),
});
export type Stock = z.infer<typeof stockSchema>;
export const stockListSchema = z.array(stockSchema);

export const platformCountsSchema = z.object(perPlatformShape((p) => p, z.number().int()));

/** Historical point (price), with the mentions per platform of the same bucket. */
export const historicalPointSchema = z.object({
  timestamp: z.string(),
  price: z.number().nullable(),
  mentions: platformCountsSchema,
});
export type HistoricalPoint = z.infer<typeof historicalPointSchema>;
export const historicalSchema = z.array(historicalPointSchema);

/**
 * One stock's price through a market session, every 5 minutes: the session in progress, or the last
 * one when the market is closed (what the sparkline and detail chart show then, instead of a flat line).
 */
export const sessionPricesSchema = z.object({
  /** The trading day in New York, 'YYYY-MM-DD'. */
  date: z.string(),
  /** True while that session is trading (points then end at the current 5 minutes). */
  open: z.boolean(),
  opensAt: z.string(),
  closesAt: z.string(),
  points: z.array(z.object({ timestamp: z.string(), price: z.number().nullable() })),
});
export type SessionPrices = z.infer<typeof sessionPricesSchema>;

/** TrendingStock. */
export const trendingStockSchema = z.object({
  id: z.number().int(),
  ticker: z.string(),
  name: z.string(),
  trendScore: z.number().int(),
  mentionVelocity: z.string(),
  sentimentScore: z.string(),
  isNewTrend: z.boolean(),
  detectedAt: z.string(),
  lastUpdated: z.string(),
});
export type TrendingStock = z.infer<typeof trendingStockSchema>;

/** GET /api/trending-now item: ticker and sentiment, newest trends first. */
export const trendingNowItemSchema = z.object({ ticker: z.string(), sentiment: sentimentSchema });
export const trendingNowSchema = z.array(trendingNowItemSchema);

export const detectTrendsResponseSchema = z.object({ trendsDetected: z.number().int(), usingRealAPIs: z.boolean() });
/** Spec refresh-prices response, plus whether the prices are simulated (the toast says "real market data" only when not). */
export const refreshPricesResponseSchema = z.object({ updatedCount: z.number().int(), simulated: z.boolean() });

/** The latest posts behind a stock's mentions, for the detail view. */
export const stockPostSchema = z.object({
  platform: z.string(),
  source: z.string(),
  text: z.string(),
  url: z.string(),
  timestamp: z.string(),
  sentiment: sentimentSchema,
  compound: z.number(),
  simulated: z.boolean(),
  /** Which sentiment analyser scored the post: `transformer-…` (final), `learned-…` (the first label, replaced within minutes) or `lexicon-1` (before the learned model); `core/sentimentAnalysers.ts`. */
  analyser: z.string(),
});
export type StockPost = z.infer<typeof stockPostSchema>;
export const stockPostsSchema = z.array(stockPostSchema);
