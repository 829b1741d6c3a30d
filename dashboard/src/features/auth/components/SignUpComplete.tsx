import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { Icon } from '../../../ui/Icon';

export const POST_SIGN_UP_REDIRECT_MS = 2_000;

interface SignUpCompleteProps {
  trialDays: number;
}

export function SignUpComplete({ trialDays }: SignUpCompleteProps) {
  const navigate = useNavigate();

  useEffect(() => {
    const timer = setTimeout(() => navigate('/dashboard'), POST_SIGN_UP_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);

  return (
    <div className="space-y-5 text-center">
      <Icon name="checkCircle" className="mx-auto h-12 w-12 text-emerald-600 dark:text-emerald-400" />
      <div>
        <h2 className="text-xl font-semibold text-slate-900 dark:text-white">Welcome to StockPulse!</h2>
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">Your account is ready.</p>
      </div>
      <div className="rounded-md bg-slate-50 p-4 text-left dark:bg-slate-800/60">
        <h3 className="text-sm font-semibold text-slate-900 dark:text-white">What happens next</h3>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-600 dark:text-slate-300">
          <li>Your {trialDays}-day free trial has started, with full Pro access.</li>
          <li>Create alerts for the stocks you want to follow.</li>
          <li>Choose e-mail or SMS notifications in Settings.</li>
        </ul>
      </div>
      <p role="status" className="text-sm text-slate-500 dark:text-slate-400">
        Taking you to your dashboard...
      </p>
    </div>
  );
}
