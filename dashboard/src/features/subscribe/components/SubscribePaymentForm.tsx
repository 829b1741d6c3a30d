import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { CURRENT_USER_QUERY_KEY } from '../../../app/session/currentUserQuery';
import { showToast } from '../../../app/toast/showToast';
import { elementsAppearance, PAYMENT_METHOD_ORDER, stripeFor, WALLETS } from '../../../lib/stripe';
import { Button } from '../../../ui/Button';
import { Icon } from '../../../ui/Icon';

interface SubscribePaymentFormProps {
  publishableKey: string;
  clientSecret: string;
}

/** The Payment Element for the first $49 payment; the server learns of the payment from Stripe's webhook. */
export function SubscribePaymentForm({ publishableKey, clientSecret }: SubscribePaymentFormProps) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret, appearance: elementsAppearance() }}>
      <PaymentForm />
    </Elements>
  );
}

type PaymentState = 'idle' | 'processing' | 'success' | 'failure';

function PaymentForm() {
  const stripe = useStripe();
  const elements = useElements();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState<PaymentState>('idle');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements || state === 'processing') return;
    setState('processing');
    try {
      const { error } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: `${window.location.origin}/dashboard` },
        redirect: 'if_required',
      });
      if (error) {
        setState('failure');
        showToast({ title: 'Payment Failed', description: error.message ?? 'Payment failed', variant: 'destructive' });
        return;
      }
      setState('success');
      showToast({ title: 'Payment Successful', description: 'Welcome to Pro!' });
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
      navigate('/dashboard');
    } catch {
      setState('failure');
      showToast({
        title: 'Payment Error',
        description: 'An unexpected error occurred. Please try again.',
        variant: 'destructive',
      });
    }
  }

  return (
    <form onSubmit={onSubmit} className="mt-4 space-y-4" aria-label="Payment details">
      <PaymentElement options={{ paymentMethodOrder: PAYMENT_METHOD_ORDER, wallets: WALLETS, layout: 'tabs' }} />
      <Button
        type="submit"
        className="w-full"
        disabled={!stripe || !elements || state === 'processing' || state === 'success'}
      >
        {state === 'processing' ? 'Processing...' : 'Subscribe Now - $49/month'}
      </Button>
      <p className="flex items-center justify-center gap-1.5 text-xs text-slate-500 dark:text-slate-400">
        <Icon name="lock" className="h-3.5 w-3.5" />
        Secure payment powered by Stripe
      </p>
    </form>
  );
}
