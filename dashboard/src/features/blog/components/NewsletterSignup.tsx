import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { newsletterSignupSchema } from '@core/contracts/newsletter';
import { errorToast } from '../../../app/toast/errorToast';
import { showToast } from '../../../app/toast/showToast';
import { showServerFieldError } from '../../../lib/serverFieldError';
import { Button } from '../../../ui/Button';
import { newsletterSignupMutationOptions } from '../api/newsletterApi';

export const NEWSLETTER_SUCCESS = {
  title: 'Subscribed',
  description: "You're on the list. Watch your inbox for our weekly insights.",
} as const;

/** The newsletter block of /blog: an e-mail field and Subscribe, checked by the newsletter contract and sent to POST /api/newsletter. */
export function NewsletterSignup() {
  const id = useId();
  const { register, handleSubmit, reset, setError, formState } = useForm({
    resolver: zodResolver(newsletterSignupSchema),
    defaultValues: { email: '' },
  });
  const error = formState.errors.email?.message;
  const mutation = useMutation({
    ...newsletterSignupMutationOptions(),
    onSuccess: () => {
      reset();
      showToast(NEWSLETTER_SUCCESS);
    },
    onError: (err) => {
      showServerFieldError(err, ['email'], setError);
      errorToast('Could not subscribe')(err);
    },
  });
  const onSubmit = handleSubmit((input) => mutation.mutate(input));

  return (
    <section aria-labelledby={`${id}-heading`} className="bg-blue-700 dark:bg-slate-900">
      <div className="mx-auto max-w-3xl px-4 py-14 text-center sm:px-6 lg:px-8">
        <h2 id={`${id}-heading`} className="text-2xl font-bold text-white sm:text-3xl">
          Get weekly market insights
        </h2>
        <p className="mt-3 text-blue-50 dark:text-slate-300">
          The week's most-discussed stocks, sentiment shifts and new articles, in your inbox every week.
        </p>
        <form
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          className="mx-auto mt-8 flex max-w-md flex-col gap-3 sm:flex-row"
        >
          <label htmlFor={`${id}-email`} className="sr-only">
            Email address
          </label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            placeholder="Enter your email"
            {...register('email')}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : `${id}-note`}
            className="h-12 w-full flex-1 rounded-md border border-white/40 bg-white px-4 text-base text-slate-900 placeholder:text-slate-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-blue-700 dark:border-slate-700 dark:bg-slate-950 dark:text-white dark:placeholder:text-slate-400 dark:focus-visible:ring-blue-400 dark:focus-visible:ring-offset-slate-900"
          />
          <Button
            type="submit"
            size="lg"
            variant="secondary"
            disabled={mutation.isPending}
            className="focus-visible:ring-white focus-visible:ring-offset-blue-700 dark:focus-visible:ring-blue-400"
          >
            {mutation.isPending ? 'Subscribing…' : 'Subscribe'}
          </Button>
        </form>
        {error && (
          <p id={`${id}-error`} role="alert" className="mt-3 text-sm font-semibold text-white dark:text-red-300">
            {error}
          </p>
        )}
        <p id={`${id}-note`} className="mt-3 text-sm text-blue-50 dark:text-slate-300">
          No spam. Unsubscribe anytime.
        </p>
      </div>
    </section>
  );
}
