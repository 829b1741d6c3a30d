import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { publicUserSchema, type PublicUser } from '@core/contracts/user';
import { CURRENT_USER_QUERY_KEY } from '../../../app/session/currentUserQuery';
import { apiRequestJson } from '../../../lib/api';

export const CANCEL_SUBSCRIPTION_CONFIRMATION =
  'Cancel your subscription? You keep full access until the end of the current billing period, and you will not be charged again.';

/** POST /api/subscription/cancel: cancels at the end of the billing period; the server answers with the updated user. */
export const cancelSubscriptionMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: async () => {
      const user = await apiRequestJson('POST', '/api/subscription/cancel', publicUserSchema, {});
      queryClient.setQueryData<PublicUser | null>(CURRENT_USER_QUERY_KEY, user);
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
    },
  });
