import { z } from 'zod';
import { badRequest } from '../http/httpError';

/**
 * Page cursors: the position after the last item of a page, as base64url JSON. Opaque to callers; a cursor that does
 * not decode to what the list expects is a 400 naming `cursor`, never a 500.
 */
export const encodeCursor = (position: unknown): string => Buffer.from(JSON.stringify(position)).toString('base64url');

export function decodeCursor<T extends z.ZodType>(cursor: string | undefined, schema: T): z.output<T> | undefined {
  if (cursor === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const result = schema.safeParse(parsed);
  if (!result.success)
    throw badRequest('cursor is not one this list gave: pass nextCursor from the previous page unchanged', 'cursor');
  return result.data;
}
