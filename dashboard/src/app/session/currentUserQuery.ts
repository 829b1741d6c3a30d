import { queryOptions } from '@tanstack/react-query';
import { publicUserSchema, type PublicUser } from '@core/contracts/user';
import { ApiError, readAnswer } from '../../lib/api';

export const CURRENT_USER_QUERY_KEY = ['/api/user'] as const;

/**
 * GET /api/user. A 401 means signed out (null). Any other non-OK status throws
 * `${status}: ${statusText}`, which callers also treat as signed out.
 */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<PublicUser | null> {
  const res = await fetch('/api/user', { credentials: 'include', signal });
  // The answer is read even when unused: a no-store response's body stays open until it is, and an open request keeps
  // the page from ever being idle.
  if (res.status === 401) {
    await res.text();
    return null;
  }
  if (!res.ok) {
    await res.text();
    throw new ApiError(res.status, '', res.statusText);
  }
  return readAnswer(res, publicUserSchema, 'GET', '/api/user');
}

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: CURRENT_USER_QUERY_KEY,
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    retry: false,
    refetchOnMount: true,
  });
}
