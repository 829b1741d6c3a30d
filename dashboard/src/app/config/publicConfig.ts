import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicConfigSchema, type PublicConfig } from '@core/contracts/publicConfig';
import { throwIfResNotOk } from '../../lib/api';

export type { PublicConfig };

/** Trial lengths from spec §1, used until /api/config answers. */
export const DEFAULT_TRIAL_DAYS = { marketing: 7, signup: 14 } as const;

/** GET /api/config: public settings the browser needs before sign-in. */
export async function fetchPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  const res = await fetch('/api/config', { credentials: 'include', signal });
  await throwIfResNotOk(res);
  return publicConfigSchema.parse(await res.json());
}

export function publicConfigQueryOptions() {
  return queryOptions({
    queryKey: ['/api/config'] as const,
    queryFn: ({ signal }) => fetchPublicConfig(signal),
    staleTime: 5 * 60_000,
  });
}

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}
