import { useTrialOffer } from '../../../app/config/publicConfig';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../../ui/ButtonLink';
import { Card } from '../../../ui/Card';
import { Icon } from '../../../ui/Icon';
import { FEATURE_CARDS, PLAN, PLAN_FEATURES, STATS } from '../content/marketing';

interface SectionHeadingProps {
  id?: string;
  title: string;
  description?: ReactNode;
}

export function SectionHeading({ id, title, description }: SectionHeadingProps) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <h2 id={id} className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
        {title}
      </h2>
      {description && <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">{description}</p>}
    </div>
  );
}

/** The six feature cards. */
export function FeatureGrid({ detailed = false }: { detailed?: boolean }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {FEATURE_CARDS.map((feature) => (
        <li key={feature.title}>
          <Card className="h-full p-6">
            <span className="flex h-11 w-11 items-center justify-center rounded-lg bg-blue-100 text-blue-700 dark:bg-blue-950 dark:text-blue-300">
              <Icon name={feature.icon} className="h-5 w-5" />
            </span>
            <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">{feature.title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-slate-600 dark:text-slate-300">{feature.description}</p>
            {detailed && (
              <p className="mt-3 text-sm leading-relaxed text-slate-600 dark:text-slate-300">{feature.details}</p>
            )}
          </Card>
        </li>
      ))}
    </ul>
  );
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The Pro plan card: $49/month, the trial that applies (7 days without a card, or 14 with one), five features. */
export function PricingCard({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const trial = useTrialOffer();
  return (
    <Card className="mx-auto w-full max-w-md overflow-hidden border-2 border-blue-600 p-0 dark:border-blue-500">
      <div className="bg-blue-600 px-6 py-2 text-center text-sm font-semibold text-white dark:bg-blue-500 dark:text-slate-950">
        {trial.headline} · {capitalise(trial.terms)}
      </div>
      <div className="p-6 sm:p-8">
        <Heading className="text-2xl font-bold text-slate-900 dark:text-white">{PLAN.name}</Heading>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Everything you need to follow the conversation.
        </p>
        <p className="mt-6 flex items-baseline gap-1">
          <span className="text-5xl font-bold tracking-tight text-slate-900 dark:text-white">{PLAN.price}</span>
          <span className="text-lg text-slate-600 dark:text-slate-300">/{PLAN.period}</span>
        </p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">About {PLAN.perDay} per day</p>
        <ul className="mt-6 space-y-3">
          {PLAN_FEATURES.map((feature) => (
            <li key={feature} className="flex items-start gap-3 text-sm text-slate-700 dark:text-slate-200">
              <Icon name="check" className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600 dark:text-emerald-400" />
              {feature}
            </li>
          ))}
        </ul>
        <ButtonLink to="/auth" size="lg" className="mt-8 w-full">
          Start Free Trial
        </ButtonLink>
        <p className="mt-3 text-center text-xs text-slate-600 dark:text-slate-400">
          {trial.headline}, {trial.terms}. Cancel anytime.
        </p>
      </div>
    </Card>
  );
}

/** The landing page's statistics band. */
export function StatsBlock() {
  return (
    <section aria-label="StockPulse in numbers" className="bg-blue-700 dark:bg-slate-900">
      <dl className="mx-auto grid max-w-5xl gap-8 px-4 py-14 text-center sm:grid-cols-3 sm:px-6 lg:px-8">
        {STATS.map((stat) => (
          <div key={stat.label} className="flex flex-col-reverse gap-1">
            <dt className="text-sm font-medium text-blue-100 dark:text-slate-300">{stat.label}</dt>
            <dd className="text-4xl font-bold tracking-tight text-white">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
