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

/** The answer of a DELETE that removed what it named. */
export const deletedSchema = z.object({ deleted: z.literal(true) });

/** The body of every failed /api/v1 call: RFC 9457 problem details (application/problem+json). */
export const problemDetailsSchema = z.object({
  type: z.string().describe('always about:blank: the status says what kind of error it is'),
  title: z.string().describe("the status's name, e.g. Too Many Requests"),
  status: z.number().int().describe('the HTTP status'),
  detail: z.string().describe('what went wrong, in a sentence for people'),
  instance: z.string().optional().describe('the path called'),
  field: z.string().optional().describe('on a 400, the parameter at fault'),
  errors: z
    .array(z.object({ field: z.string(), message: z.string() }))
    .optional()
    .describe('on a 400, every parameter at fault with its message'),
});
export type ProblemDetails = z.infer<typeof problemDetailsSchema>;
