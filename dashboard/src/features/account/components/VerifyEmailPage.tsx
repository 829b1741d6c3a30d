import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { usePageMeta } from '../../../app/usePageMeta';
import { getErrorMessage } from '../../../lib/api';
import { Card } from '../../../ui/Card';
import { verifyEmailMutationOptions } from '../../../app/account/accountApi';
import { errorToast } from '../../../app/toast/errorToast';

/** /verify-email?token=…: confirms the address as soon as the page opens (sign-up or e-mail change link). */
export function VerifyEmailPage() {
  usePageMeta('Verify your e-mail - StockPulse');
  const [params] = useSearchParams();
  const verify = useMutation({
    ...verifyEmailMutationOptions(useQueryClient()),
    onError: errorToast('Verification failed'),
  });
  const sent = useRef(false);
  const token = params.get('token') ?? '';

  useEffect(() => {
    // Once per page: the link is single-use, a second call would report it as used.
    if (sent.current || !token) return;
    sent.current = true;
    verify.mutate({ token });
  }, [token, verify]);

  const text = !token
    ? 'This link is incomplete. Open the link from the e-mail again.'
    : verify.isError
      ? getErrorMessage(verify.error)
      : (verify.data ?? 'Verifying your e-mail address...');
  return (
    <div className="mx-auto max-w-md py-12">
      <Card className="p-6">
        <h1 className="text-xl font-semibold text-slate-900 dark:text-white">E-mail verification</h1>
        <p role="status" className="mt-4 text-sm text-slate-700 dark:text-slate-300">
          {text}
        </p>
        <Link
          to="/dashboard"
          className="mt-4 inline-block font-medium text-blue-600 hover:underline dark:text-blue-400"
        >
          Go to your dashboard
        </Link>
      </Card>
    </div>
  );
}
