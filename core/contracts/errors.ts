import { z } from 'zod';

/** The body of every failed /api call (api/http/errorMiddleware.ts). */
export const errorBodySchema = z.object({
  message: z.string(),
  field: z.string().optional(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** `{success: true}`: the answer of calls whose result the spec does not show. */
export const successSchema = z.object({ success: z.literal(true) });

/** The body of every failed /api/v1 call: RFC 9457 problem details (application/problem+json). */
export const problemDetailsSchema = z.object({
  /** `about:blank`: the status says what went wrong, `detail` says why. */
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  instance: z.string().optional(),
  /** The input field at fault (400). */
  field: z.string().optional(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ProblemDetails = z.infer<typeof problemDetailsSchema>;
