import { useState } from 'react';
import { passwordChangeSchema } from '@core/contracts/auth';
import { fieldErrorsOf, hasErrors, type FieldErrors } from '../../lib/fieldErrors';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { useChangePassword } from './accountApi';

const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Settings → Security → Change Password. Not a <form>: the settings page's form already surrounds the tabs. */
export function ChangePasswordSection() {
  const change = useChangePassword();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (field: keyof typeof empty, value: string) => setValues({ ...values, [field]: value });

  function onSave() {
    const nextErrors = fieldErrorsOf(passwordChangeSchema, values);
    setErrors(nextErrors);
    if (!hasErrors(nextErrors)) change.mutate(values, { onSuccess: () => setValues(empty) });
  }

  return (
    <section aria-labelledby="change-password-heading" className="rounded-lg border border-slate-200 p-5 dark:border-slate-800">
      <h2 id="change-password-heading" className="text-base font-semibold text-slate-900 dark:text-white">
        Change Password
      </h2>
      <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">Changing it signs out your other devices.</p>
      <div className="mt-4 space-y-4">
        <TextField label="Current password" name="currentPassword" type="password" autoComplete="current-password" value={values.currentPassword} error={errors.currentPassword} onChange={(e) => set('currentPassword', e.target.value)} />
        <TextField label="New password" name="newPassword" type="password" autoComplete="new-password" value={values.newPassword} error={errors.newPassword} onChange={(e) => set('newPassword', e.target.value)} />
        <TextField label="Confirm new password" name="confirmNewPassword" type="password" autoComplete="new-password" value={values.confirmPassword} error={errors.confirmPassword} onChange={(e) => set('confirmPassword', e.target.value)} />
        <Button variant="outline" disabled={change.isPending} onClick={onSave}>
          {change.isPending ? 'Saving...' : 'Change Password'}
        </Button>
      </div>
    </section>
  );
}
