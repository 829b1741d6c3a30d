import { ButtonLink } from '../../../ui/ButtonLink';
import { Icon } from '../../../ui/Icon';
import { trialDaysRemaining } from './trialDaysRemaining';

interface TrialBannerProps {
  trialEndDate: string;
}

export function TrialBanner({ trialEndDate }: TrialBannerProps) {
  const days = trialDaysRemaining(trialEndDate);
  if (days === null) return null;

  return (
    <section
      aria-label="Free trial"
      className="mb-8 flex flex-col gap-4 rounded-xl border border-blue-200 bg-blue-50 p-5 sm:flex-row sm:items-center sm:justify-between dark:border-blue-500/30 dark:bg-blue-500/10"
    >
      <div className="flex items-start gap-3">
        <Icon name="clock" className="mt-0.5 h-5 w-5 text-blue-600 dark:text-blue-400" />
        <div>
          <p className="font-semibold text-blue-900 dark:text-blue-200">Free Trial Active</p>
          <p className="text-sm text-blue-800 dark:text-blue-300">
            {days} {days === 1 ? 'day' : 'days'} remaining in your free trial.
          </p>
        </div>
      </div>
      <ButtonLink to="/subscribe" size="sm">
        Manage Subscription
      </ButtonLink>
    </section>
  );
}
