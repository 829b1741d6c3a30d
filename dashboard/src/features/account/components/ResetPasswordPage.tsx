import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { resetPasswordSchema } from '@core/contracts/auth';
import { usePageMeta } from '../../../app/usePageMeta';
import { fieldErrorsOf, hasErrors, type FieldErrors } from '../../../lib/fieldErrors';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { TextField } from '../../../ui/TextField';
import { useResetPassword } from '../../../app/account/accountApi';

/** /reset-password?token=…: the page the reset e-mail links to. */
export function ResetPasswordPage() {
  usePageMeta('Choose a new password - StockPulse');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const [values, setValues] = useState({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors>({});

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = { token, ...values };
    const nextErrors = fieldErrorsOf(resetPasswordSchema, body);
    setErrors(nextErrors);
    if (!hasErrors(nextErrors)) reset.mutate(body);
  }

  return (
    <div className="mx-auto max-w-md py-12">
      <Card className="p-6">
        <h1 className="text-xl font-semibold text-slate-900 dark:text-white">Choose a new password</h1>
        {reset.data ? (
          <div className="mt-4 space-y-4">
            <p role="status" className="text-sm text-slate-700 dark:text-slate-300">{reset.data}</p>
            <Link to="/auth" state={{ tab: 'login' }} className="font-medium text-blue-600 hover:underline dark:text-blue-400">
              Sign in
            </Link>
          </div>
        ) : (
          <form onSubmit={onSubmit} noValidate className="mt-4 space-y-5">
            {errors.token && <p className="text-sm text-red-600">{errors.token}</p>}
            <TextField label="New password" name="password" type="password" autoComplete="new-password" value={values.password} error={errors.password} onChange={(e) => setValues({ ...values, password: e.target.value })} />
            <TextField label="Confirm new password" name="confirmPassword" type="password" autoComplete="new-password" value={values.confirmPassword} error={errors.confirmPassword} onChange={(e) => setValues({ ...values, confirmPassword: e.target.value })} />
            <Button type="submit" className="w-full" disabled={reset.isPending}>
              {reset.isPending ? 'Saving...' : 'Set New Password'}
            </Button>
          </form>
        )}
      </Card>
    </div>
  );
}
