import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { usePublicConfig } from '../../../app/config/publicConfig';
import { handleUnauthorized } from '../../../app/session/unauthorizedRedirect';
import { errorToast } from '../../../app/toast/errorToast';
import { showToast } from '../../../app/toast/showToast';
import { usePageMeta } from '../../../app/usePageMeta';
import { getErrorMessage, isUnauthorizedError } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { ButtonLink } from '../../../ui/ButtonLink';
import { Card } from '../../../ui/Card';
import { Icon } from '../../../ui/Icon';
import { PageHeader } from '../../../ui/PageHeader';
import { Spinner } from '../../../ui/Spinner';
import { ALREADY_SUBSCRIBED_FALLBACK, createSubscriptionMutationOptions } from '../api/subscribeApi';
import { SubscribePaymentForm } from './SubscribePaymentForm';

export const ALREADY_SUBSCRIBED_REDIRECT_MS = 1_000;

const included = [
  'Unlimited stock monitoring',
  'Real-time alerts via email & SMS',
  'Advanced sentiment analysis',
  'Historical trend data',
  'Priority support',
  'Cancel anytime',
];

/** /subscribe: Pro at $49/month through Stripe's Payment Element. */
export function SubscribePage() {
  usePageMeta('Subscribe to Pro - StockPulse');
  const config = usePublicConfig();
  const publishableKey = config.data?.stripePublishableKey ?? null;

  if (config.isLoading) return <Spinner className="py-24" />;
  if (!publishableKey) return <PaymentsUnavailable />;
  return <SubscribeWithStripe publishableKey={publishableKey} />;
}

function PaymentsUnavailable() {
  return (
    <Card className="mx-auto max-w-lg p-8 text-center">
      <Icon name="alertTriangle" className="mx-auto h-10 w-10 text-amber-500" />
      <h1 className="mt-4 text-xl font-semibold text-slate-900 dark:text-white">
        Payment System Temporarily Unavailable
      </h1>
      <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">
        Payments are not available right now. Please try again later.
      </p>
      <ButtonLink to="/" variant="outline" className="mt-6">
        Return to Home
      </ButtonLink>
    </Card>
  );
}

function SubscribeWithStripe({ publishableKey }: { publishableKey: string }) {
  const navigate = useNavigate();
  const subscription = useMutation({
    ...createSubscriptionMutationOptions(),
    // Signed out: the logout toast, then /api/login after 500 ms.
    onError: (error) =>
      isUnauthorizedError(error)
        ? handleUnauthorized()
        : errorToast('Payment Processing Error', 'Unknown error')(error),
  });
  const { mutate } = subscription;
  const started = useRef(false);

  // Runs once on load; the ref keeps a remount in development from creating a second subscription.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  const status = subscription.data?.status;
  useEffect(() => {
    if (status !== 'active') return;
    showToast({ title: 'Already Subscribed', description: subscription.data?.message || ALREADY_SUBSCRIBED_FALLBACK });
    const timer = setTimeout(() => navigate('/dashboard'), ALREADY_SUBSCRIBED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [status, subscription.data?.message, navigate]);

  if (subscription.isIdle || subscription.isPending) return <Spinner className="py-24" />;

  if (status === 'active') {
    return (
      <Card className="mx-auto max-w-lg p-8 text-center">
        <Icon name="checkCircle" className="mx-auto h-10 w-10 text-emerald-600" />
        <h1 className="mt-4 text-xl font-semibold text-slate-900 dark:text-white">Already Subscribed</h1>
        <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">Taking you to your dashboard...</p>
      </Card>
    );
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title="Subscribe to Pro"
        description="Get unlimited access to real-time stock monitoring and alerts"
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="p-6">
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">What's Included</h2>
          <ul className="mt-4 space-y-2">
            {included.map((item) => (
              <li key={item} className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
                <Icon name="check" className="h-4 w-4 text-emerald-600" />
                {item}
              </li>
            ))}
          </ul>
        </Card>
        <Card className="p-6">
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Payment Details</h2>
          <p className="mt-1 text-2xl font-bold text-slate-900 dark:text-white">
            $49<span className="text-base font-normal text-slate-500">/month</span>
          </p>
          {subscription.isError && (
            <div className="mt-4 space-y-3" role="alert">
              <p className="text-sm text-red-600 dark:text-red-400">
                {getErrorMessage(subscription.error, 'Unknown error')}
              </p>
              <Button variant="outline" onClick={() => mutate()}>
                Try again
              </Button>
            </div>
          )}
          {status === 'trialing' && (
            <div className="mt-4 space-y-3 text-sm text-slate-600 dark:text-slate-300">
              <p>{subscription.data?.message}</p>
              <ButtonLink to="/settings" variant="outline">
                Manage in Settings
              </ButtonLink>
            </div>
          )}
          {status === 'requires_payment' && subscription.data?.clientSecret && (
            <SubscribePaymentForm publishableKey={publishableKey} clientSecret={subscription.data.clientSecret} />
          )}
        </Card>
      </div>
    </div>
  );
}
