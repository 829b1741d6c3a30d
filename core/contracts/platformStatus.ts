import { z } from 'zod';

export const platformStateSchema = z.object({
  connected: z.boolean(),
  sources: z.array(z.string()),
  /** True when the platform is fed by the built-in simulated feed (no API credentials). */
  simulated: z.boolean(),
});

/** Where the prices come from, and the market session they belong to. */
export const priceStatusSchema = z.object({
  /** The provider's name: `simulated`, or the market-data API's (`massive`). */
  source: z.string(),
  /** True while prices are simulated: every card and the detail view say so. */
  simulated: z.boolean(),
  /** True while the US regular session is trading. */
  marketOpen: z.boolean(),
  /** The session in progress, or the last one when the market is closed ('YYYY-MM-DD', New York). */
  session: z.string(),
});
export type PriceStatus = z.infer<typeof priceStatusSchema>;

/**
 * Platform status: the three dashboard platforms, how many are connected, of at most 3. Also: the
 * price source, and since when mention data is held (a range reaching further back than that says "data since").
 */
export const platformStatusSchema = z.object({
  reddit: platformStateSchema,
  twitter: platformStateSchema,
  youtube: platformStateSchema,
  totalConnected: z.number().int().min(0).max(3),
  maxConnections: z.number().int(),
  usingRealAPIs: z.boolean(),
  prices: priceStatusSchema,
  /** The first minute of mention data held (ISO), null before the first scan or while it cannot be read. */
  mentionsSince: z.string().nullable(),
});
export type PlatformStatus = z.infer<typeof platformStatusSchema>;
