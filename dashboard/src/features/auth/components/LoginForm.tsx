import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { loginSchema, type LoginInput } from '@core/contracts/auth';
import { fieldErrorsOf, hasErrors, type FieldErrors } from '../../../lib/fieldErrors';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { ForgotPasswordForm } from '../../../app/account/ForgotPasswordForm';
import { useLoginMutation } from '../api/authApi';

export function LoginForm() {
  const navigate = useNavigate();
  const login = useLoginMutation();
  const [values, setValues] = useState<LoginInput>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [forgot, setForgot] = useState(false);

  function onChange(field: keyof LoginInput, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(fieldErrorsOf(loginSchema, next));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    const nextErrors = fieldErrorsOf(loginSchema, values);
    setErrors(nextErrors);
    if (hasErrors(nextErrors)) return;
    login.mutate({ email: values.email.trim(), password: values.password }, { onSuccess: () => navigate('/dashboard') });
  }

  if (forgot) return <ForgotPasswordForm onBack={() => setForgot(false)} />;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <div>
        <h2 className="text-xl font-semibold text-slate-900 dark:text-white">Welcome back</h2>
        <p className="text-sm text-slate-500 dark:text-slate-400">Sign in to your StockPulse account.</p>
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
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        error={errors.password}
        onChange={(e) => onChange('password', e.target.value)}
      />
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
      <Button variant="ghost" className="w-full" onClick={() => setForgot(true)}>
        Forgot password?
      </Button>
    </form>
  );
}
