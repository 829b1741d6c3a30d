import { PUBLIC_PAGE_META } from '../content/pageMeta';
import { usePageMeta } from '../../../app/usePageMeta';
import { Card } from '../../../ui/Card';
import { PublicPageHeading } from '../../../ui/PublicPageHeading';
import { CtaSection } from '../../../app/layout/CtaSection';
import { FeatureGrid, SectionHeading } from './MarketingSections';

const STEPS = [
  {
    title: 'We listen',
    text: 'Every 5 minutes StockPulse scans investing subreddits, finance hashtags and keywords on Twitter, and finance channels on YouTube.',
  },
  {
    title: 'We understand',
    text: 'Each post is checked for real ticker mentions and given a bullish, bearish or neutral label by AI-based sentiment analysis.',
  },
  {
    title: 'We compare',
    text: "A stock's mentions in the last hour are compared with its own normal level, so unusual surges stand out and steady chatter does not.",
  },
  {
    title: 'You decide',
    text: 'Trends, sentiment and live prices appear on your dashboard, updated every 30 seconds, and your alerts arrive by e-mail or SMS.',
  },
] as const;

export function FeaturesPage() {
  usePageMeta(PUBLIC_PAGE_META['/features'].title, PUBLIC_PAGE_META['/features'].description, { path: '/features' });
  return (
    <>
      <PublicPageHeading
        title="Features"
        description="Real-time social media monitoring, smart alerts and sentiment analysis for stock mentions."
      />
      <section aria-label="Feature list" className="mx-auto max-w-7xl px-4 pb-20 sm:px-6 lg:px-8">
        <FeatureGrid detailed />
      </section>
      <section aria-labelledby="how-heading" className="bg-slate-50 py-20 dark:bg-slate-900/40">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <SectionHeading
            id="how-heading"
            title="How it works"
            description="From a post on Reddit to an alert on your phone, in four steps."
          />
          <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {STEPS.map((step, index) => (
              <li key={step.title}>
                <Card className="h-full p-6">
                  <span className="flex h-8 w-8 items-center justify-center rounded-full bg-blue-700 text-sm font-bold text-white dark:bg-blue-500 dark:text-slate-950">
                    {index + 1}
                  </span>
                  <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">{step.title}</h3>
                  <p className="mt-2 text-sm leading-relaxed text-slate-600 dark:text-slate-300">{step.text}</p>
                </Card>
              </li>
            ))}
          </ol>
        </div>
      </section>
      <CtaSection />
    </>
  );
}
