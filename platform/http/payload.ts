import { z } from 'zod';
import { ConnectorError } from './connectorError';
import type { RequestContext } from './httpClient';

/** The value at a zod issue path, so a message can say whether the field was absent or present with the wrong shape. */
function valueAt(body: unknown, path: readonly PropertyKey[]): { found: boolean; value: unknown } {
  let current: unknown = body;
  for (const key of path) {
    if (current === null || typeof current !== 'object' || !(key in current)) return { found: false, value: undefined };
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return { found: true, value: current };
}

const describeValue = (value: unknown) =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'an array'
      : typeof value === 'string'
        ? `the string ${JSON.stringify(value.slice(0, 40))}`
        : typeof value;

/** One zod issue as "field: what is wrong", naming a missing field as missing rather than zod's generic "Invalid input". */
function describeIssue(issue: z.core.$ZodIssue, body: unknown): string {
  const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '(root)';
  if (issue.code === 'invalid_type') {
    const at = valueAt(body, issue.path);
    if (!at.found || at.value === undefined) return `${field}: missing (expected ${issue.expected})`;
    return `${field}: expected ${issue.expected}, got ${describeValue(at.value)}`;
  }
  return `${field}: ${issue.message}`;
}

/**
 * Validates a response body against the fields a connector relies on.
 * A mismatch is a ConnectorError (not retryable) naming the platform, the source, the request, and per problem the
 * field and what is wrong with it ("data.videos.0.id: missing (expected string)").
 */
export function parsePayload<S extends z.ZodType>(
  schema: S,
  body: unknown,
  context: RequestContext,
  label: string,
): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const problems = result.error.issues
    .slice(0, 3)
    .map((issue) => describeIssue(issue, body))
    .join('; ');
  const more = result.error.issues.length > 3 ? ` (+${result.error.issues.length - 3} more)` : '';
  throw new ConnectorError(
    `${context.platform} ${context.source}: ${label} returned a malformed payload: ${problems}${more}`,
    false,
  );
}

/** The label a post carries as its `source` (same convention as the simulated feed). */
export function sourceLabel(source: { platform: string; settingType: string; value: string }): string {
  if (source.platform === 'reddit') return `r/${source.value}`;
  if (source.settingType === 'channels') return `channel:${source.value}`;
  return source.value;
}

/** A timestamp string Date.parse understands (ISO 8601, Graph API "+0000" offsets). */
export const dateString = z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'not a parseable date');
