import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FormProvider, useForm } from 'react-hook-form';
import { forgotPasswordSchema } from '@core/contracts/auth';
import { EmailField } from '../../../app/account/AccountFields';
import { forgotPasswordMutationOptions } from '../../../app/account/accountApi';
import { errorToast } from '../../../app/toast/errorToast';
import { Button } from '../../../ui/Button';

/** "Forgot password?" on /auth: asks for the address and says a link was sent if an account uses it. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const form = useForm({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });
  const forgot = useMutation({
    ...forgotPasswordMutationOptions(useQueryClient()),
    onError: errorToast('Request failed'),
  });

  return (
    <FormProvider {...form}>
      <form
        onSubmit={(event) => void form.handleSubmit((values) => forgot.mutate(values))(event)}
        noValidate
        className="space-y-5"
      >
        <div>
          <h2 className="text-xl font-semibold text-slate-900 dark:text-white">Reset your password</h2>
          <p className="text-sm text-slate-500 dark:text-slate-400">We will e-mail you a link to choose a new one.</p>
        </div>
        {forgot.data ? (
          <p
            role="status"
            className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200"
          >
            {forgot.data}
          </p>
        ) : (
          <>
            <EmailField />
            <Button type="submit" className="w-full" disabled={forgot.isPending}>
              {forgot.isPending ? 'Sending...' : 'Send Reset Link'}
            </Button>
          </>
        )}
        <Button variant="ghost" className="w-full" onClick={onBack}>
          Back to sign in
        </Button>
      </form>
    </FormProvider>
  );
}
