import { useState, type FormEvent } from 'react';
import { forgotPasswordSchema } from '@core/contracts/auth';
import { fieldErrorsOf, hasErrors, type FieldErrors } from '../../lib/fieldErrors';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { useForgotPassword } from './accountApi';

/** "Forgot password?" on /auth: asks for the address and says a link was sent if an account uses it. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const forgot = useForgotPassword();
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const nextErrors = fieldErrorsOf(forgotPasswordSchema, { email });
    setErrors(nextErrors);
    if (!hasErrors(nextErrors)) forgot.mutate({ email: email.trim() });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <div>
        <h2 className="text-xl font-semibold text-slate-900 dark:text-white">Reset your password</h2>
        <p className="text-sm text-slate-500 dark:text-slate-400">We will e-mail you a link to choose a new one.</p>
      </div>
      {forgot.data ? (
        <p role="status" className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">
          {forgot.data}
        </p>
      ) : (
        <>
          <TextField label="Email" name="email" type="email" autoComplete="email" value={email} error={errors.email} onChange={(e) => setEmail(e.target.value)} />
          <Button type="submit" className="w-full" disabled={forgot.isPending}>
            {forgot.isPending ? 'Sending...' : 'Send Reset Link'}
          </Button>
        </>
      )}
      <Button variant="ghost" className="w-full" onClick={onBack}>
        Back to sign in
      </Button>
    </form>
  );
}
