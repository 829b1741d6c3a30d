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
