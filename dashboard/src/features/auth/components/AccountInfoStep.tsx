import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { registerSchema } from '@core/contracts/auth';
import { EmailField, NewPasswordFields, UsernameField } from '../../../app/account/AccountFields';
import { showServerFieldError } from '../../../lib/serverFieldError';
import { Button } from '../../../ui/Button';
import { Icon } from '../../../ui/Icon';
import type { RegisterRequest } from '../api/authApi';

interface AccountInfoStepProps {
  initialValues: RegisterRequest;
  trialDays: number;
  /** Whether a card step follows (payments on); otherwise Continue creates the account. */
  cardStep: boolean;
  /** Disables the button: while the server's payment setting loads, or while registering. */
  busy: boolean;
  busyLabel?: string;
  /** The last failed sign-up call: a 400 or 409 naming a field (a taken username) shows under it. */
  serverError?: unknown;
  onContinue: (values: RegisterRequest) => void;
}

export function AccountInfoStep({
  initialValues,
  trialDays,
  cardStep,
  busy,
  busyLabel,
  serverError,
  onContinue,
}: AccountInfoStepProps) {
  const form = useForm({
    resolver: zodResolver(registerSchema),
    defaultValues: { ...initialValues, username: initialValues.username ?? '' },
  });
  const { setError } = form;

  useEffect(() => {
    showServerFieldError(serverError, ['email', 'username', 'password', 'confirmPassword'], setError);
  }, [serverError, setError]);

  const onSubmit = form.handleSubmit(({ email, username, password, confirmPassword }) =>
    onContinue({ email, password, confirmPassword, username: username || undefined }),
  );

  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-5">
        <div>
          <h2 className="text-xl font-semibold text-slate-900 dark:text-white">Create your account</h2>
          <p className="text-sm text-slate-500 dark:text-slate-400">
            Start your {trialDays}-day free trial of StockPulse Pro{cardStep ? '.' : ', no credit card required.'}
          </p>
        </div>
        <EmailField />
        <UsernameField />
        <NewPasswordFields name="password" labels="signUp" />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy && busyLabel ? busyLabel : cardStep ? 'Continue to Payment' : 'Create Account'}
        </Button>
        <p className="flex items-start gap-2 rounded-md bg-slate-50 p-3 text-sm text-slate-600 dark:bg-slate-800/60 dark:text-slate-300">
          <Icon name="lock" className="mt-0.5 h-4 w-4 shrink-0" />
          <span>
            {cardStep
              ? `No charge today: $0.00 due now. Your ${trialDays}-day free trial starts when your card is saved.`
              : `No credit card needed. Your ${trialDays}-day free trial starts when your account is created.`}
          </span>
        </p>
      </form>
    </FormProvider>
  );
}
