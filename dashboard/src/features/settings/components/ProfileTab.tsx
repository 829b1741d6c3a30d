import { useSignedInUser } from '../../../app/session/useSignedInUser';
import type { FieldErrors } from '../../../lib/fieldErrors';
import { PhoneVerification } from '../../../app/account/PhoneVerification';
import { TextField } from '../../../ui/TextField';
import type { ProfileFormValues } from './profileForm';

type ProfileField = 'firstName' | 'lastName' | 'email' | 'phoneNumber' | 'currentPassword';

interface ProfileTabProps {
  values: ProfileFormValues;
  errors: FieldErrors;
  onChange: (field: ProfileField, value: string) => void;
}

export function ProfileTab({ values, errors, onChange }: ProfileTabProps) {
  const user = useSignedInUser();
  const emailChanges = values.email.trim().toLowerCase() !== user.email.toLowerCase();
  return (
    <div className="space-y-5">
      <div>
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Profile Information</h2>
        <p className="text-sm text-slate-500 dark:text-slate-400">Update your name and contact details.</p>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="First name"
          name="firstName"
          autoComplete="given-name"
          value={values.firstName}
          error={errors.firstName}
          onChange={(e) => onChange('firstName', e.target.value)}
        />
        <TextField
          label="Last name"
          name="lastName"
          autoComplete="family-name"
          value={values.lastName}
          error={errors.lastName}
          onChange={(e) => onChange('lastName', e.target.value)}
        />
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
      {user.pendingEmail && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Waiting for confirmation: we sent a link to {user.pendingEmail}. Your address changes once you open it.
        </p>
      )}
      {emailChanges && (
        <TextField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          hint="Needed to change your e-mail address. We then send a confirmation link to the new address."
          value={values.currentPassword}
          error={errors.currentPassword}
          onChange={(e) => onChange('currentPassword', e.target.value)}
        />
      )}
      <TextField
        label="Phone number (optional)"
        name="phoneNumber"
        type="tel"
        autoComplete="tel"
        placeholder="+14155550123"
        hint="International format, used for SMS alerts."
        value={values.phoneNumber}
        error={errors.phoneNumber}
        onChange={(e) => onChange('phoneNumber', e.target.value)}
      />
      <PhoneVerification user={user} />
    </div>
  );
}
