import { usePageMeta } from '../../../app/usePageMeta';
import { Badge } from '../../../ui/Badge';
import { ButtonLink } from '../../../ui/ButtonLink';
import { Icon } from '../../../ui/Icon';

export const LANDING_TITLE = 'StockPulse - Monitor Social Media Stock Trends in Real Time';
export const LANDING_DESCRIPTION =
  'Monitor stock trends in real time: StockPulse watches Reddit, Twitter and YouTube for stock mentions, ' +
  'scores their sentiment and alerts you by e-mail or SMS when mentions pass your threshold.';

/** The landing page at "/". The full marketing site comes with a later issue. */
export function LandingPage() {
  usePageMeta(LANDING_TITLE, LANDING_DESCRIPTION);

  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-blue-50 to-white dark:from-slate-900 dark:to-slate-950">
      <div className="mx-auto max-w-4xl px-4 py-20 text-center sm:px-6 sm:py-28 lg:px-8">
        <Badge variant="secondary" className="gap-1.5 px-3 py-1">
          <Icon name="trendingUp" className="h-3.5 w-3.5" />
          Social Media Monitoring
        </Badge>
        <h1 className="mt-6 text-4xl font-bold tracking-tight text-slate-900 sm:text-6xl dark:text-white">
          Monitor stock trends <span className="text-blue-600 dark:text-blue-400">in real time</span>
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600 dark:text-slate-300">
          StockPulse watches Reddit, Twitter and YouTube for stock mentions, scores their sentiment and alerts you by
          e-mail or SMS when mentions pass the threshold you set.
        </p>
        <div className="mt-10 flex flex-col items-center gap-3">
          <ButtonLink to="/auth" size="lg">
            Start Free Trial
          </ButtonLink>
          <p className="text-sm text-slate-500 dark:text-slate-400">7-day free trial · No credit card required</p>
        </div>
      </div>
    </section>
  );
}
