import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorToast } from '../../../app/toast/errorToast';
import { showToast } from '../../../app/toast/showToast';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { Icon } from '../../../ui/Icon';
import { testEmailMutationOptions } from '../api/dashboardApi';

/** The test-email button returns to idle 3 seconds after a result. */
export const TEST_EMAIL_RESET_MS = 3_000;

type Outcome = 'idle' | 'success' | 'error';

export const TEST_EMAIL_LABELS = {
  idle: 'Send Test Email',
  pending: 'Testing Email...',
  success: 'Email Sent!',
  error: 'Test Failed',
} as const;

/** The e-mail notification test (idle, pending, success or error, back to idle after 3 s). */
export function EmailTestPanel() {
  const [outcome, setOutcome] = useState<Outcome>('idle');
  const testEmail = useMutation({
    ...testEmailMutationOptions(),
    onSuccess: () => {
      showToast({ title: 'Email Tests Successful', description: 'Please check your inbox.' });
      setOutcome('success');
    },
    onError: (error) => {
      errorToast('Email Test Failed', 'Failed to send test email. Check server logs.')(error);
      setOutcome('error');
    },
  });

  useEffect(() => {
    if (outcome === 'idle') return;
    const timer = setTimeout(() => setOutcome('idle'), TEST_EMAIL_RESET_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  const state = testEmail.isPending ? 'pending' : outcome;

  function send() {
    setOutcome('idle');
    testEmail.mutate();
  }

  return (
    <Card className="p-6">
      <section aria-labelledby="email-test-heading">
        <div className="flex items-center gap-2">
          <Icon name="mail" className="h-5 w-5 text-blue-600 dark:text-blue-400" />
          <h2 id="email-test-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
            Email Notifications
          </h2>
        </div>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Send a test message to your account address to check that alert e-mails reach you.
        </p>
        <Button
          className="mt-4"
          variant={state === 'error' ? 'destructive' : state === 'success' ? 'secondary' : 'primary'}
          onClick={send}
          disabled={state === 'pending'}
          aria-live="polite"
        >
          {state === 'success' && <Icon name="check" />}
          {TEST_EMAIL_LABELS[state]}
        </Button>
      </section>
    </Card>
  );
}
