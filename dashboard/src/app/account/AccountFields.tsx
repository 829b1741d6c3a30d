import { useFormContext, type FieldError } from 'react-hook-form';
import { TextField } from '../../ui/TextField';

/**
 * The account fields that sign-up, sign-in, the profile and the password forms share, each said once: label, input
 * type, autocomplete and hint. Each reads its form from react-hook-form's context (the form wraps them in a
 * FormProvider), and shows its field's message, from the zod contract or from the server.
 */
function useAccountField(name: string): {
  register: ReturnType<typeof useFormContext>['register'];
  error: string | undefined;
} {
  const { register, formState } = useFormContext();
  const error = formState.errors[name] as FieldError | undefined;
  return { register, error: error?.message };
}

export function EmailField() {
  const { register, error } = useAccountField('email');
  return <TextField label="Email" type="email" autoComplete="email" error={error} {...register('email')} />;
}

export function UsernameField() {
  const { register, error } = useAccountField('username');
  return (
    <TextField
      label="Username (optional)"
      autoComplete="username"
      hint="Shown as @username. 3-30 letters, numbers or underscores."
      error={error}
      {...register('username')}
    />
  );
}

/** The password the account has now: to sign in, or to confirm a change (`hint` says which). */
export function CurrentPasswordField({
  label = 'Current password',
  name = 'currentPassword',
  hint,
}: {
  label?: string;
  name?: 'currentPassword' | 'password';
  hint?: string;
}) {
  const { register, error } = useAccountField(name);
  return (
    <TextField
      label={label}
      type="password"
      autoComplete="current-password"
      hint={hint}
      error={error}
      {...register(name)}
    />
  );
}

interface NewPasswordFieldsProps {
  /** The contract's name for the new password: `password` (sign-up, reset) or `newPassword` (change). */
  name: 'password' | 'newPassword';
  /** Sign-up asks for "Password"; the reset and change forms for a "New password". */
  labels: 'signUp' | 'change';
}

/** The new password and its confirmation (`confirmPassword`, which the contracts check to match). */
export function NewPasswordFields({ name, labels }: NewPasswordFieldsProps) {
  const password = useAccountField(name);
  const confirm = useAccountField('confirmPassword');
  const signUp = labels === 'signUp';
  return (
    <>
      <TextField
        label={signUp ? 'Password' : 'New password'}
        type="password"
        autoComplete="new-password"
        hint={signUp ? 'At least 6 characters.' : undefined}
        error={password.error}
        {...password.register(name)}
      />
      <TextField
        label={signUp ? 'Confirm password' : 'Confirm new password'}
        type="password"
        autoComplete="new-password"
        error={confirm.error}
        {...confirm.register('confirmPassword')}
      />
    </>
  );
}
