import { useTrialOffer } from '../../../app/config/publicConfig';
import { PUBLIC_PAGE_META } from '../content/pageMeta';
import { usePageMeta } from '../../../app/usePageMeta';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { ButtonLink } from '../../../ui/ButtonLink';
import { Icon } from '../../../ui/Icon';
import { CtaSection } from '../../../app/layout/CtaSection';
import { FeatureGrid, PricingCard, SectionHeading, StatsBlock } from './MarketingSections';

export const LANDING_TITLE = PUBLIC_PAGE_META['/'].title;
export const LANDING_DESCRIPTION = PUBLIC_PAGE_META['/'].description;

/** The landing page at "/". */
export function LandingPage() {
  usePageMeta(LANDING_TITLE, LANDING_DESCRIPTION, { path: '/' });
  const trial = useTrialOffer();

  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-b from-blue-50 to-white dark:from-slate-900 dark:to-slate-950">
        <div className="mx-auto max-w-4xl px-4 py-20 text-center sm:px-6 sm:py-28 lg:px-8">
          <Badge variant="secondary" className="gap-1.5 px-3 py-1">
            <Icon name="trendingUp" className="h-3.5 w-3.5" />
            Social Media Monitoring
          </Badge>
          <h1 className="mt-6 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-6xl dark:text-white">
            Monitor stock trends <span className="text-blue-700 dark:text-blue-400">in real time</span>
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600 dark:text-slate-300">
            StockPulse watches Reddit, Twitter and YouTube for stock mentions, scores their sentiment with AI-based
            analysis and alerts you by e-mail or SMS when mentions pass the threshold you set, often 15-30 minutes
            before the news.
          </p>
          <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <ButtonLink to="/auth" size="lg">
              Start Free Trial
            </ButtonLink>
            {/* "View Demo" is shown with no action. */}
            <Button variant="outline" size="lg">
              View Demo
            </Button>
          </div>
          <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
            {trial.headline} · {trial.cardRequired ? 'No charge until it ends' : 'No credit card required'}
          </p>
        </div>
      </section>

      <section aria-labelledby="features-heading" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
        <SectionHeading
          id="features-heading"
          title="Everything you need to stay ahead"
          description="Social conversation often moves before the price does. StockPulse turns it into signals you can act on."
        />
        <div className="mt-12">
          <FeatureGrid />
        </div>
      </section>

      <section aria-labelledby="pricing-heading" className="bg-slate-50 py-20 dark:bg-slate-950">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <SectionHeading
            id="pricing-heading"
            title="Simple, transparent pricing"
            description={`One plan with everything included. Try it free for ${trial.days} days.`}
          />
          <div className="mt-12">
            <PricingCard />
          </div>
        </div>
      </section>

      <StatsBlock />
      <CtaSection />
    </>
  );
}
