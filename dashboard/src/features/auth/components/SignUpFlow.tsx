import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { trialOffer, usePublicConfig } from '../../../app/config/publicConfig';
import { errorToast } from '../../../app/toast/errorToast';
import { showToast } from '../../../app/toast/showToast';
import { registerMutationOptions, type RegisterRequest } from '../api/authApi';
import { SIGN_UP_FAILED, signUpSent } from './signUpToasts';
import { createSetupIntentMutationOptions } from '../api/billingSignUpApi';
import { AccountInfoStep } from './AccountInfoStep';
import { PaymentStep } from './PaymentStep';
import { SignUpComplete } from './SignUpComplete';
import { SignUpStepIndicator, type SignUpStep } from './SignUpStepIndicator';

const emptySetupData: RegisterRequest = { email: '', password: '', confirmPassword: '' };

/** What create-setup-intent returned; cleared by Back. */
interface CardSetup {
  clientSecret: string;
  customerId: string;
}

/**
 * Sign-up: Account Info → Payment → Check your e-mail. With payments on, Continue creates a Stripe setup
 * intent and moves to the card step; while the server reports payments off, Account Info
 * registers directly (7-day card-free trial) and skips to the last step. Nobody is signed in here: the server answers
 * a new and a taken address alike, and the e-mailed link finishes the sign-up and signs in. The parent unmounts this flow when the Login tab is
 * chosen, which resets it to step 1 and drops the stored setup data.
 */
export function SignUpFlow() {
  const config = usePublicConfig();
  const [step, setStep] = useState<SignUpStep>('userInfo');
  const [setupData, setSetupData] = useState<RegisterRequest>(emptySetupData);
  const [cardSetup, setCardSetup] = useState<CardSetup | null>(null);
  // The address the server said it wrote to; the last step asks the user to open that e-mail.
  const [sentTo, setSentTo] = useState('');
  const sent = (email: string) => {
    showToast(signUpSent);
    setSentTo(email);
    setStep('complete');
  };
  const register = useMutation({
    ...registerMutationOptions<RegisterRequest>('/api/register'),
    onSuccess: (accepted) => sent(accepted.email),
    onError: errorToast(SIGN_UP_FAILED.title, SIGN_UP_FAILED.fallback),
  });
  // A failure keeps the user on step 1.
  const createSetupIntent = useMutation({
    ...createSetupIntentMutationOptions(),
    onError: errorToast('Setup Error', 'Failed to prepare payment setup'),
  });

  // If /api/config cannot be read, treat payments as off; the server still decides on /api/register.
  const offer = trialOffer(config.data);
  const trialDays = offer.days;
  const publishableKey = config.data?.stripePublishableKey ?? null;
  // The stepper lists only the steps this sign-up goes through: no Payment step when payments are off.
  const steps: SignUpStep[] = offer.cardRequired ? ['userInfo', 'payment', 'complete'] : ['userInfo', 'complete'];

  function onContinue(values: RegisterRequest) {
    setSetupData(values);
    if (offer.cardRequired && publishableKey) {
      // Step 2 only once the setup intent exists; a failure keeps the user on step 1.
      createSetupIntent.mutate(values.email, {
        onSuccess: (setup) => {
          setCardSetup(setup);
          setStep('payment');
        },
      });
      return;
    }
    register.mutate(values);
  }

  return (
    <div>
      <SignUpStepIndicator steps={steps} current={step} />
      {step === 'userInfo' && (
        <AccountInfoStep
          initialValues={setupData}
          trialDays={trialDays}
          cardStep={offer.cardRequired}
          busy={config.isLoading || register.isPending || createSetupIntent.isPending}
          busyLabel={
            register.isPending
              ? 'Creating account...'
              : createSetupIntent.isPending
                ? 'Preparing payment...'
                : undefined
          }
          serverError={register.error ?? createSetupIntent.error}
          onContinue={onContinue}
        />
      )}
      {step === 'payment' && cardSetup && publishableKey && (
        <PaymentStep
          publishableKey={publishableKey}
          clientSecret={cardSetup.clientSecret}
          customerId={cardSetup.customerId}
          setupData={setupData}
          trialDays={trialDays}
          onBack={() => {
            setCardSetup(null);
            setStep('userInfo');
          }}
          onComplete={(email) => {
            setSentTo(email);
            setStep('complete');
          }}
        />
      )}
      {step === 'complete' && <SignUpComplete trialDays={trialDays} email={sentTo} />}
    </div>
  );
}
