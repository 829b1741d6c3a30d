import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router-dom';
import { resetPasswordSchema } from '@core/contracts/auth';
import { NewPasswordFields } from '../../../app/account/AccountFields';
import { resetPasswordMutationOptions } from '../../../app/account/accountApi';
import { errorToast } from '../../../app/toast/errorToast';
import { usePageMeta } from '../../../app/usePageMeta';
import { showServerFieldError } from '../../../lib/serverFieldError';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';

/** /reset-password?token=…: the page the reset e-mail links to. */
export function ResetPasswordPage() {
  usePageMeta('Choose a new password - StockPulse');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // The token is a value of the form, not an input: the contract checks it with the passwords.
  const form = useForm({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const reset = useMutation({
    ...resetPasswordMutationOptions(useQueryClient()),
    onError: (error) => {
      showServerFieldError(error, ['token', 'password', 'confirmPassword'], form.setError);
      errorToast('Password not changed')(error);
    },
  });
  const tokenError = form.formState.errors.token?.message;

  return (
    <div className="mx-auto max-w-md py-12">
      <Card className="p-6">
        <h1 className="text-xl font-semibold text-slate-900 dark:text-white">Choose a new password</h1>
        {reset.data ? (
          <div className="mt-4 space-y-4">
            <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
              {reset.data}
            </p>
            <Link
              to="/auth"
              state={{ tab: 'login' }}
              className="font-medium text-blue-600 hover:underline dark:text-blue-400"
            >
              Sign in
            </Link>
          </div>
        ) : (
          <FormProvider {...form}>
            <form
              onSubmit={(event) => void form.handleSubmit((body) => reset.mutate(body))(event)}
              noValidate
              className="mt-4 space-y-5"
            >
              {tokenError && <p className="text-sm text-red-600">{tokenError}</p>}
              <NewPasswordFields name="password" labels="change" />
              <Button type="submit" className="w-full" disabled={reset.isPending}>
                {reset.isPending ? 'Saving...' : 'Set New Password'}
              </Button>
            </form>
          </FormProvider>
        )}
      </Card>
    </div>
  );
}
