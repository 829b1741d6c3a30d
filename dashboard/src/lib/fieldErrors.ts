import type { z } from 'zod';

/** Validation messages keyed by field path ("email", "notifications.smsAlerts"). */
export type FieldErrors = Partial<Record<string, string>>;

/** Runs a zod schema and returns the first message for each failing field ({} when valid). */
export function fieldErrorsOf(schema: z.ZodType, values: unknown): FieldErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}
