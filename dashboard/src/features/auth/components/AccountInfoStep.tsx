import { useState, type FormEvent } from 'react';
import { registerSchema } from '@core/contracts/auth';
import { fieldErrorsOf, hasErrors, type FieldErrors } from '../../../lib/fieldErrors';
import { Button } from '../../../ui/Button';
import { Icon } from '../../../ui/Icon';
import { TextField } from '../../../ui/TextField';
import type { RegisterRequest } from '../api/authApi';

interface AccountInfoStepProps {
  initialValues: RegisterRequest;
  trialDays: number;
  /** Whether a card step follows (payments on); otherwise Continue creates the account. */
  cardStep: boolean;
  /** Disables the button: while the server's payment setting loads, or while registering. */
  busy: boolean;
  busyLabel?: string;
  onContinue: (values: RegisterRequest) => void;
}

export function AccountInfoStep({ initialValues, trialDays, cardStep, busy, busyLabel, onContinue }: AccountInfoStepProps) {
  const [values, setValues] = useState<RegisterRequest>(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);

  function onChange(field: keyof RegisterRequest, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(fieldErrorsOf(registerSchema, next));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    const nextErrors = fieldErrorsOf(registerSchema, values);
    setErrors(nextErrors);
    if (hasErrors(nextErrors)) return;
    const username = values.username?.trim();
    onContinue({ ...values, email: values.email.trim(), username: username || undefined });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <div>
        <h2 className="text-xl font-semibold text-slate-900 dark:text-white">Create your account</h2>
        <p className="text-sm text-slate-500 dark:text-slate-400">
          Start your {trialDays}-day free trial of StockPulse Pro{cardStep ? '.' : ', no credit card required.'}
        </p>
      </div>
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={values.email}
        error={errors.email}
        onChange={(e) => onChange('email', e.target.value)}
      />
      <TextField
        label="Username (optional)"
        name="username"
        autoComplete="username"
        hint="Shown as @username. 3-30 letters, numbers or underscores."
        value={values.username ?? ''}
        error={errors.username}
        onChange={(e) => onChange('username', e.target.value)}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        hint="At least 6 characters."
        value={values.password}
        error={errors.password}
        onChange={(e) => onChange('password', e.target.value)}
      />
      <TextField
        label="Confirm password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={values.confirmPassword}
        error={errors.confirmPassword}
        onChange={(e) => onChange('confirmPassword', e.target.value)}
      />
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
  );
}
