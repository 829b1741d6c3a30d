import { z } from 'zod';

export const componentStateSchema = z.object({
  status: z.enum(['up', 'down']),
  detail: z.string().optional(),
});
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  mode: z.enum(['embedded', 'distributed']),
  components: z.object({
    postgres: componentStateSchema,
    clickhouse: componentStateSchema,
    temporal: componentStateSchema,
    worker: componentStateSchema,
  }),
});
export type Health = z.infer<typeof healthSchema>;

/** Liveness: the process answers HTTP. It reads no store, so a slow or down store never gets a live process restarted. */
export const livenessSchema = z.object({ status: z.literal('ok') });
