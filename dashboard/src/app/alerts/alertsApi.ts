import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { CreateAlertInput } from '@core/contracts/alerts';
import { apiSend, type HttpMethod } from '../../lib/api';

/** The alerts list: the /alerts page reads it; every alert change (also from the dashboard's dialog) refreshes it. */
export const ALERTS_QUERY_KEY = ['/api/alerts'] as const;

/**
 * One alert change, which then refreshes the list. The refresh is part of the call (not an onSuccess the caller's own
 * would replace) and not awaited, so a dialog closes without waiting for the refetch.
 */
export function alertChange<Input>(
  queryClient: QueryClient,
  method: HttpMethod,
  url: (input: Input) => string,
  body?: (input: Input) => unknown,
) {
  return mutationOptions({
    mutationFn: async (input: Input) => {
      await apiSend(method, url(input), body?.(input));
      void queryClient.invalidateQueries({ queryKey: ALERTS_QUERY_KEY });
    },
  });
}

/** POST /api/alerts, from the dashboard's Set Stock Alert and the /alerts page's Create Alert dialogs. */
export const createAlertMutationOptions = (queryClient: QueryClient) =>
  alertChange<CreateAlertInput>(
    queryClient,
    'POST',
    () => '/api/alerts',
    (input) => input,
  );
