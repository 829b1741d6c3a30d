import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { loginSchema } from '@core/contracts/auth';
import { CurrentPasswordField, EmailField } from '../../../app/account/AccountFields';
import { errorToast } from '../../../app/toast/errorToast';
import { showToast } from '../../../app/toast/showToast';
import { showServerFieldError } from '../../../lib/serverFieldError';
import { Button } from '../../../ui/Button';
import { loginMutationOptions } from '../api/authApi';
import { ForgotPasswordForm } from './ForgotPasswordForm';

export function LoginForm() {
  const navigate = useNavigate();
  const [forgot, setForgot] = useState(false);
  const form = useForm({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });
  const login = useMutation({
    ...loginMutationOptions(useQueryClient()),
    onSuccess: () => {
      showToast({ title: 'Success', description: 'Successfully logged in!' });
      void navigate('/dashboard');
    },
    onError: (error) => {
      showServerFieldError(error, ['email', 'password'], form.setError);
      errorToast('Login failed')(error);
    },
  });

  if (forgot) return <ForgotPasswordForm onBack={() => setForgot(false)} />;
  return (
    <FormProvider {...form}>
      <form
        onSubmit={(event) => void form.handleSubmit((values) => login.mutate(values))(event)}
        noValidate
        className="space-y-5"
      >
        <div>
          <h2 className="text-xl font-semibold text-slate-900 dark:text-white">Welcome back</h2>
          <p className="text-sm text-slate-500 dark:text-slate-400">Sign in to your StockPulse account.</p>
        </div>
        <EmailField />
        <CurrentPasswordField label="Password" name="password" />
        <Button type="submit" className="w-full" disabled={login.isPending}>
          {login.isPending ? 'Signing in...' : 'Sign In'}
        </Button>
        <Button variant="ghost" className="w-full" onClick={() => setForgot(true)}>
          Forgot password?
        </Button>
      </form>
    </FormProvider>
  );
}
