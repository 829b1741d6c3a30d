import { z } from 'zod';

export const platformStateSchema = z.object({
  connected: z.boolean(),
  sources: z.array(z.string()),
  /** True when the platform is fed by the built-in simulated feed (no API credentials). */
  simulated: z.boolean(),
});

/** Spec §3 Platform status: the three dashboard platforms, how many are connected, of at most 3. */
export const platformStatusSchema = z.object({
  reddit: platformStateSchema,
  twitter: platformStateSchema,
  youtube: platformStateSchema,
  totalConnected: z.number().int().min(0).max(3),
  maxConnections: z.number().int(),
  usingRealAPIs: z.boolean(),
});
export type PlatformStatus = z.infer<typeof platformStatusSchema>;
