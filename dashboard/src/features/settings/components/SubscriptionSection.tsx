import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isSubscribedStatus, isTrialStatus, type PublicUser } from '@core/contracts/user';
import { useSignedInUser } from '../../../app/session/useSignedInUser';
import { errorToast } from '../../../app/toast/errorToast';
import { showToast } from '../../../app/toast/showToast';
import { formatDate } from '../../../lib/format';
import { Button } from '../../../ui/Button';
import { ButtonLink } from '../../../ui/ButtonLink';
import { Icon } from '../../../ui/Icon';
import { CANCEL_SUBSCRIPTION_CONFIRMATION, cancelSubscriptionMutationOptions } from '../api/subscriptionApi';

const statusText: Record<PublicUser['subscriptionStatus'], string> = {
  trialing: 'Free trial',
  trial: 'Free trial',
  active: 'Pro, active',
  cancelled: 'Cancelled',
  expired: 'Expired',
  inactive: 'No subscription',
  none: 'No subscription',
};

/** The plan, when it renews or ends, and cancellation (at the end of the billing period). */
export function SubscriptionSection() {
  const user = useSignedInUser();
  const cancel = useMutation({
    ...cancelSubscriptionMutationOptions(useQueryClient()),
    onSuccess: () =>
      showToast({
        title: 'Subscription cancelled',
        description: 'You keep access until the end of the billing period.',
      }),
    onError: errorToast('Failed to cancel subscription'),
  });
  const status = user.subscriptionStatus;
  const current = isSubscribedStatus(status);
  const onTrial = isTrialStatus(status);
  const endsOn = formatDate(
    user.cancelAtPeriodEnd
      ? (user.currentPeriodEnd ?? user.trialEndDate)
      : onTrial
        ? user.trialEndDate
        : user.currentPeriodEnd,
  );

  function onCancel() {
    if (window.confirm(CANCEL_SUBSCRIPTION_CONFIRMATION)) cancel.mutate();
  }

  return (
    <section
      aria-labelledby="subscription-heading"
      className="rounded-lg border border-slate-200 p-5 dark:border-slate-800"
    >
      <h2 id="subscription-heading" className="text-base font-semibold text-slate-900 dark:text-white">
        Subscription
      </h2>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        <span className="font-medium">Plan:</span> {statusText[status]}
      </p>
      {current && user.cancelAtPeriodEnd && (
        <p className="mt-1 text-sm text-amber-700 dark:text-amber-400">
          Cancelled: access continues until {endsOn ?? 'the end of the billing period'}.
        </p>
      )}
      {current && !user.cancelAtPeriodEnd && endsOn && (
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
          {onTrial ? `Trial ends ${endsOn}.` : `Renews ${endsOn} at $49/month.`}
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        {current && !user.cancelAtPeriodEnd && (
          <Button variant="outline" disabled={cancel.isPending} onClick={onCancel}>
            <Icon name="x" />
            {cancel.isPending ? 'Cancelling...' : 'Cancel Subscription'}
          </Button>
        )}
        {status !== 'active' && (
          <ButtonLink to="/subscribe" variant={current ? 'outline' : 'primary'}>
            <Icon name="creditCard" />
            {current ? 'Manage Subscription' : 'Upgrade to Pro'}
          </ButtonLink>
        )}
      </div>
    </section>
  );
}
