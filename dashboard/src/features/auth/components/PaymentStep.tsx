import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { PRO_PLAN } from '@core/contracts/billing';
import { errorToast } from '../../../app/toast/errorToast';
import { showToast } from '../../../app/toast/showToast';
import { formatDate } from '../../../lib/format';
import { elementsAppearance, PAYMENT_METHOD_ORDER, stripeFor, WALLETS } from '../../../lib/stripe';
import { Button } from '../../../ui/Button';
import { Icon } from '../../../ui/Icon';
import { registerMutationOptions, type RegisterRequest, type RegisterWithTrialRequest } from '../api/authApi';
import { SIGN_UP_FAILED, signUpSent } from './signUpToasts';

export const CARD_SETUP_FALLBACK = 'Unable to set up payment method. Please try again.';
export const UNEXPECTED_CARD_ERROR = 'An unexpected error occurred. Please try again.';

interface PaymentStepProps {
  publishableKey: string;
  clientSecret: string;
  customerId: string;
  setupData: RegisterRequest;
  trialDays: number;
  onBack: () => void;
  /** The card sign-up was accepted: the server wrote to this address. */
  onComplete: (email: string) => void;
}

/** Step 2 of sign-up: the card is saved with Stripe (SetupIntent), then the account and its trial are created. */
export function PaymentStep({ publishableKey, clientSecret, ...rest }: PaymentStepProps) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret, appearance: elementsAppearance() }}>
      <CardSetupForm {...rest} />
    </Elements>
  );
}

function CardSetupForm({
  customerId,
  setupData,
  trialDays,
  onBack,
  onComplete,
}: Omit<PaymentStepProps, 'publishableKey' | 'clientSecret'>) {
  const stripe = useStripe();
  const elements = useElements();
  const register = useMutation({
    ...registerMutationOptions<RegisterWithTrialRequest>('/api/register-with-trial'),
    onSuccess: (accepted) => {
      showToast(signUpSent);
      onComplete(accepted.email);
    },
    onError: errorToast(SIGN_UP_FAILED.title, SIGN_UP_FAILED.fallback),
  });
  const [confirming, setConfirming] = useState(false);
  const busy = confirming || register.isPending;
  const [firstCharge] = useState(() => formatDate(new Date(Date.now() + trialDays * 86_400_000).toISOString()));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements || busy) return;
    setConfirming(true);
    try {
      const { error, setupIntent } = await stripe.confirmSetup({
        elements,
        confirmParams: { return_url: `${window.location.origin}/auth` },
        redirect: 'if_required',
      });
      if (error || setupIntent?.status !== 'succeeded' || !setupIntent.payment_method) {
        showToast({
          title: 'Payment Setup Failed',
          description: error?.message || CARD_SETUP_FALLBACK,
          variant: 'destructive',
        });
        return;
      }
      const paymentMethod = setupIntent.payment_method;
      const paymentMethodId = typeof paymentMethod === 'string' ? paymentMethod : paymentMethod.id;
      register.mutate({ ...setupData, paymentMethodId, customerId });
    } catch {
      showToast({ title: 'Payment Error', description: UNEXPECTED_CARD_ERROR, variant: 'destructive' });
    } finally {
      setConfirming(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="space-y-5" aria-label="Payment">
      <div>
        <h2 className="text-xl font-semibold text-slate-900 dark:text-white">Payment</h2>
        <p className="text-sm text-slate-500 dark:text-slate-400">
          Add a card to start your {trialDays}-day free trial. You will not be charged today.
        </p>
      </div>
      <PaymentElement options={{ paymentMethodOrder: PAYMENT_METHOD_ORDER, wallets: WALLETS, layout: 'tabs' }} />
      <section aria-label="Billing summary" className="rounded-md bg-slate-50 p-4 text-sm dark:bg-slate-800/60">
        <h3 className="font-semibold text-slate-900 dark:text-white">Billing summary</h3>
        <dl className="mt-2 space-y-1 text-slate-600 dark:text-slate-300">
          <div className="flex justify-between">
            <dt>StockPulse {PRO_PLAN.name}</dt>
            <dd>$49/month</dd>
          </div>
          <div className="flex justify-between">
            <dt>Free trial</dt>
            <dd>{trialDays} days</dd>
          </div>
          <div className="flex justify-between font-semibold text-slate-900 dark:text-white">
            <dt>Due today</dt>
            <dd>$0.00</dd>
          </div>
        </dl>
        <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
          Your card is charged $49/month{firstCharge ? ` from ${firstCharge}` : ' after the trial'} unless you cancel
          before then.
        </p>
      </section>
      <div className="flex gap-3">
        <Button variant="outline" onClick={onBack} disabled={busy}>
          <Icon name="arrowLeft" />
          Back
        </Button>
        <Button type="submit" className="flex-1" disabled={!stripe || !elements || busy}>
          {busy ? 'Starting trial...' : 'Start Free Trial'}
        </Button>
      </div>
    </form>
  );
}
