import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resendVerificationMutationOptions } from '../account/accountApi';
import { Button } from '../../ui/Button';
import { useCurrentUser } from '../session/useCurrentUser';
import { errorToast } from '../toast/errorToast';
import { showToast } from '../toast/showToast';

/** Above every signed-in page while the address is unconfirmed: alert e-mails wait for it, and this says how. */
export function VerifyEmailBanner() {
  const { user } = useCurrentUser();
  const resend = useMutation({
    ...resendVerificationMutationOptions(useQueryClient()),
    onSuccess: (message) => showToast({ title: 'Done', description: message }),
    onError: errorToast('Link not sent'),
  });
  if (!user || user.emailVerified) return null;
  return (
    <div
      role="status"
      className="border-b border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3">
        <p>
          <strong>Verify your e-mail address to receive alerts.</strong> Open the link we sent to {user.email}; it works
          for 24 hours.
        </p>
        <Button size="sm" variant="outline" disabled={resend.isPending} onClick={() => resend.mutate()}>
          {resend.isPending ? 'Sending...' : 'Send a new link'}
        </Button>
      </div>
    </div>
  );
}
