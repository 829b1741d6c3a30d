import { useFormContext, useWatch } from 'react-hook-form';
import { CurrentPasswordField, EmailField } from '../../../app/account/AccountFields';
import { useSignedInUser } from '../../../app/session/useSignedInUser';
import { TextField } from '../../../ui/TextField';
import { PhoneVerification } from './PhoneVerification';
import type { ProfileFormValues } from './profileForm';

/** The Profile tab of the settings form (whose FormProvider surrounds it). */
export function ProfileTab() {
  const user = useSignedInUser();
  const { register, formState } = useFormContext<ProfileFormValues>();
  const email = useWatch<ProfileFormValues, 'email'>({ name: 'email' });
  const emailChanges = email.trim().toLowerCase() !== user.email.toLowerCase();
  return (
    <div className="space-y-5">
      <div>
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Profile Information</h2>
        <p className="text-sm text-slate-500 dark:text-slate-400">Update your name and contact details.</p>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="First name"
          autoComplete="given-name"
          error={formState.errors.firstName?.message}
          {...register('firstName')}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          error={formState.errors.lastName?.message}
          {...register('lastName')}
        />
      </div>
      <EmailField />
      {user.pendingEmail && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Waiting for confirmation: we sent a link to {user.pendingEmail}. Your address changes once you open it.
        </p>
      )}
      {emailChanges && (
        <CurrentPasswordField hint="Needed to change your e-mail address. We then send a confirmation link to the new address." />
      )}
      <TextField
        label="Phone number (optional)"
        type="tel"
        autoComplete="tel"
        placeholder="+14155550123"
        hint="International format, used for SMS alerts."
        error={formState.errors.phoneNumber?.message}
        {...register('phoneNumber')}
      />
      <PhoneVerification user={user} />
    </div>
  );
}
