import { z } from 'zod';

/** The body of every failed /api call (api/http/errorMiddleware.ts). */
export const errorBodySchema = z.object({
  message: z.string(),
  field: z.string().optional(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** `{success: true}`: the answer of calls that return nothing else. */
export const successSchema = z.object({ success: z.literal(true) });
