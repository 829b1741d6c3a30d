import { Icon } from '../../../ui/Icon';

interface SignUpCompleteProps {
  trialDays: number;
  /** The address the sign-up was for, as the server answered it. */
  email: string;
}

/**
 * The last step of sign-up: "check your e-mail". The server answers a new and a taken address alike, so this page says
 * what happens in both cases without knowing which: a new address gets the link that finishes the account (and signs
 * in), an address that already has an account gets a message saying how to sign in.
 */
export function SignUpComplete({ trialDays, email }: SignUpCompleteProps) {
  return (
    <div className="space-y-5 text-center">
      <Icon name="mail" className="mx-auto h-12 w-12 text-blue-600 dark:text-blue-400" />
      <div>
        <h2 className="text-xl font-semibold text-slate-900 dark:text-white">Check your e-mail to continue</h2>
        <p role="status" className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          We sent a message to <span className="font-medium">{email}</span>.
        </p>
      </div>
      <div className="rounded-md bg-slate-50 p-4 text-left dark:bg-slate-800/60">
        <h3 className="text-sm font-semibold text-slate-900 dark:text-white">What happens next</h3>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-600 dark:text-slate-300">
          <li>
            Open the link in the e-mail to finish creating your account: it signs you in, and your {trialDays}-day free
            trial starts.
          </li>
          <li>The link works once, for 24 hours.</li>
          <li>
            If this address already has a StockPulse account, the e-mail says how to sign in or reset your password
            instead.
          </li>
          <li>Nothing there? Check your spam folder, or sign up again to get a new message.</li>
        </ul>
      </div>
    </div>
  );
}
