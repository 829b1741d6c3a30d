import { useState } from 'react';
import { DEFAULT_TRIAL_DAYS, usePublicConfig } from '../../../app/config/publicConfig';
import { signUpToasts, useRegisterMutation, type RegisterRequest } from '../api/authApi';
import { AccountInfoStep } from './AccountInfoStep';
import { PaymentStep } from './PaymentStep';
import { SignUpComplete } from './SignUpComplete';
import { SignUpStepIndicator, type SignUpStep } from './SignUpStepIndicator';

const emptySetupData: RegisterRequest = { email: '', password: '', confirmPassword: '' };

/**
 * Sign-up: Account Info → Payment → Complete. While the server reports payments off, Account Info
 * registers directly and skips to Complete. The parent unmounts this flow when the Login tab is
 * chosen, which resets it to step 1 and drops the stored setup data.
 */
export function SignUpFlow() {
  const config = usePublicConfig();
  const register = useRegisterMutation(signUpToasts);
  const [step, setStep] = useState<SignUpStep>('userInfo');
  const [setupData, setSetupData] = useState<RegisterRequest>(emptySetupData);

  const trialDays = config.data?.trialDays.signup ?? DEFAULT_TRIAL_DAYS.signup;
  // If /api/config cannot be read, treat payments as off; the server still decides on /api/register.
  const paymentsEnabled = config.data?.paymentsEnabled ?? false;

  function onContinue(values: RegisterRequest) {
    setSetupData(values);
    if (paymentsEnabled) {
      setStep('payment');
      return;
    }
    register.mutate(values, { onSuccess: () => setStep('complete') });
  }

  return (
    <div>
      <SignUpStepIndicator current={step} />
      {step === 'userInfo' && (
        <AccountInfoStep
          initialValues={setupData}
          trialDays={trialDays}
          busy={config.isLoading || register.isPending}
          busyLabel={register.isPending ? 'Creating account...' : undefined}
          onContinue={onContinue}
        />
      )}
      {step === 'payment' && <PaymentStep onBack={() => setStep('userInfo')} />}
      {step === 'complete' && <SignUpComplete trialDays={trialDays} />}
    </div>
  );
}
