import { z } from 'zod';
import { ConnectorError } from '../types';
import type { RequestContext } from './httpClient';

/**
 * Validates a response body against the fields a connector relies on.
 * A mismatch is a ConnectorError (not retryable) naming the platform, the source, the request and the first problems.
 */
export function parsePayload<S extends z.ZodType>(schema: S, body: unknown, context: RequestContext, label: string): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const problems = result.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(root)'}: ${issue.message}`)
    .join('; ');
  const more = result.error.issues.length > 3 ? ` (+${result.error.issues.length - 3} more)` : '';
  throw new ConnectorError(`${context.platform} ${context.source}: ${label} returned a malformed payload: ${problems}${more}`, false);
}

/** The label a post carries as its `source` (same convention as the simulated feed). */
export function sourceLabel(source: { platform: string; settingType: string; value: string }): string {
  if (source.platform === 'reddit') return `r/${source.value}`;
  if (source.settingType === 'channels') return `channel:${source.value}`;
  return source.value;
}

/** A timestamp string Date.parse understands (ISO 8601, Graph API "+0000" offsets). */
export const dateString = z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'not a parseable date');
