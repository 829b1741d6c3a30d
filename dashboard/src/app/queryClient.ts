import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from '../lib/api';

/** The product's React Query defaults. A factory so tests get an isolated cache. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'returnNull' }),
        staleTime: 30_000,
        retry: 1,
        retryDelay: 500,
        refetchOnWindowFocus: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
