import { useMutation, useQueryClient } from '@tanstack/react-query';
import { publicUserSchema, type PublicUser } from '@core/contracts/user';
import { CURRENT_USER_QUERY_KEY } from '../../../app/session/currentUserQuery';
import { showToast } from '../../../app/toast/toastStore';
import { apiRequestJson, getErrorMessage } from '../../../lib/api';

export const CANCEL_SUBSCRIPTION_CONFIRMATION =
  'Cancel your subscription? You keep full access until the end of the current billing period, and you will not be charged again.';

/** POST /api/subscription/cancel: cancels at the end of the billing period; the server answers with the updated user. */
export function useCancelSubscriptionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => publicUserSchema.parse(await apiRequestJson<unknown>('POST', '/api/subscription/cancel', {})),
    onSuccess: async (user) => {
      queryClient.setQueryData<PublicUser | null>(CURRENT_USER_QUERY_KEY, user);
      showToast({ title: 'Subscription cancelled', description: 'You keep access until the end of the billing period.' });
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
    },
    onError: (error) => {
      showToast({ title: 'Failed to cancel subscription', description: getErrorMessage(error), variant: 'destructive' });
    },
  });
}
