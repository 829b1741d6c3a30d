import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FormProvider, useForm } from 'react-hook-form';
import { passwordChangeSchema } from '@core/contracts/auth';
import { CurrentPasswordField, NewPasswordFields } from '../../../app/account/AccountFields';
import { changePasswordMutationOptions } from '../../../app/account/accountApi';
import { errorToast } from '../../../app/toast/errorToast';
import { showToast } from '../../../app/toast/showToast';
import { showServerFieldError } from '../../../lib/serverFieldError';
import { Button } from '../../../ui/Button';

const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Settings → Security → Change Password. Not a <form>: the settings page's form already surrounds the tabs. */
export function ChangePasswordSection() {
  const form = useForm({ resolver: zodResolver(passwordChangeSchema), defaultValues: empty });
  const change = useMutation({
    ...changePasswordMutationOptions(useQueryClient()),
    onSuccess: (message) => {
      showToast({ title: 'Done', description: message });
      form.reset(empty);
    },
    onError: (error) => {
      showServerFieldError(error, ['currentPassword', 'newPassword', 'confirmPassword'], form.setError);
      errorToast('Password not changed')(error);
    },
  });

  return (
    <FormProvider {...form}>
      <section
        aria-labelledby="change-password-heading"
        className="rounded-lg border border-slate-200 p-5 dark:border-slate-800"
      >
        <h2 id="change-password-heading" className="text-base font-semibold text-slate-900 dark:text-white">
          Change Password
        </h2>
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">Changing it signs out your other devices.</p>
        <div className="mt-4 space-y-4">
          <CurrentPasswordField />
          <NewPasswordFields name="newPassword" labels="change" />
          <Button
            variant="outline"
            disabled={change.isPending}
            onClick={() => void form.handleSubmit((values) => change.mutate(values))()}
          >
            {change.isPending ? 'Saving...' : 'Change Password'}
          </Button>
        </div>
      </section>
    </FormProvider>
  );
}
