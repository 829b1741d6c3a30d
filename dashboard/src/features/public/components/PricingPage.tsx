import { PUBLIC_PAGE_META } from '../content/pageMeta';
import { useTrialOffer } from '../../../app/config/publicConfig';
import { SITE_URL, usePageMeta } from '../../../app/usePageMeta';
import { Card } from '../../../ui/Card';
import { Icon, type IconName } from '../../../ui/Icon';
import { JsonLd } from '../../../ui/JsonLd';
import { PublicPageHeading } from '../../../ui/PublicPageHeading';
import { PLAN, PLAN_FEATURES } from '../content/marketing';
import { useSupportEmail } from '../useSupportEmail';
import { Faq, type FaqItem } from './Faq';
import { CtaSection } from '../../../app/layout/CtaSection';
import { PricingCard, SectionHeading } from './MarketingSections';

const FEATURE_TABLE: readonly { feature: string; detail: string }[] = [
  { feature: 'Stocks you can monitor', detail: 'Unlimited' },
  { feature: 'Platforms watched', detail: 'Reddit, Twitter and YouTube' },
  { feature: 'Source scanning', detail: 'Every 5 minutes' },
  { feature: 'Dashboard updates', detail: 'Every 30 seconds' },
  { feature: 'Real-time alerts', detail: 'E-mail and SMS' },
  { feature: 'Sentiment analysis', detail: 'AI-based: bullish, bearish or neutral' },
  { feature: 'Live prices beside mentions', detail: 'Included' },
  { feature: 'Historical trend data', detail: 'Included' },
  { feature: 'Support', detail: 'Priority' },
];

const BENEFITS: readonly { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'clock',
    title: 'Save hours of research',
    text: 'Stop scrolling through feeds. StockPulse reads them for you and shows what is unusual.',
  },
  {
    icon: 'zap',
    title: 'Hear it first',
    text: 'Social surges often lead the news by 15-30 minutes. Alerts give you time to research.',
  },
  {
    icon: 'creditCard',
    title: 'One simple price',
    text: 'Everything for $49 per month, about $1.63 a day. No tiers, no add-ons.',
  },
];

/** The fourth benefit names the trial that applies (7 days without a card, or 14 with one). */
const riskFree = (trialDays: number): (typeof BENEFITS)[number] => ({
  icon: 'shield',
  title: 'Risk-free',
  text: `Try it free for ${trialDays} days, cancel anytime, and rely on our 30-day money-back guarantee.`,
});

function pricingFaq(email: string): FaqItem[] {
  return [
    {
      question: 'How does the free trial work?',
      answer: [
        `Our marketing offer is a ${PLAN.marketingTrialDays}-day free trial with no credit card required: create an account and start monitoring.`,
        `When you subscribe inside the app, the sign-up flow offers a ${PLAN.signupTrialDays}-day free trial with a card on file: $0.00 is due today, and your card is charged only after the trial ends.`,
      ],
    },
    {
      question: 'What happens when the trial ends?',
      answer: [
        'Your trial converts automatically to the paid Pro plan at $49/month unless you cancel before it ends. We remind you before the first charge.',
      ],
    },
    {
      question: 'Can I cancel at any time?',
      answer: [
        'Yes. You can cancel from your settings at any time. Cancellation takes effect at the end of the current billing period, and you keep full access until then.',
      ],
    },
    {
      question: 'Is there a money-back guarantee?',
      answer: [
        `Yes. If StockPulse is not right for you, ask for a refund within 30 days of your first payment under our 30-day money-back guarantee. Write to ${email}.`,
      ],
    },
    {
      question: 'Will the price change?',
      answer: [
        'Any price change is announced by e-mail at least 30 days in advance, so you can decide before it applies.',
      ],
    },
    {
      question: 'Who can subscribe?',
      answer: ['You must be at least 18 years old to create an account and subscribe.'],
    },
    {
      question: 'Which platforms do you monitor, and how often?',
      answer: [
        'Reddit, Twitter and YouTube. Sources are scanned every 5 minutes, and the dashboard updates prices and mentions every 30 seconds.',
      ],
    },
    {
      question: 'Is StockPulse financial advice?',
      answer: [
        'No. StockPulse shows what people are saying about stocks. It does not provide financial advice, and all information is for educational purposes only.',
      ],
    },
    {
      question: 'What is StockPulse liable for?',
      answer: [
        'As our Terms of Service explain, our total liability is limited to the amount you paid us in the last 12 months.',
      ],
    },
  ];
}

export function PricingPage() {
  usePageMeta(PUBLIC_PAGE_META['/pricing'].title, PUBLIC_PAGE_META['/pricing'].description, { path: '/pricing' });
  const email = useSupportEmail();
  const trial = useTrialOffer();

  return (
    <>
      <PublicPageHeading title="Pricing" description="One plan, Pro, at $49 per month. Everything included." />
      <section aria-label="Pro plan" className="px-4 pb-16 sm:px-6 lg:px-8">
        <PricingCard headingLevel={2} />
      </section>

      <section aria-labelledby="compare-heading" className="mx-auto max-w-3xl px-4 pb-20 sm:px-6 lg:px-8">
        <SectionHeading id="compare-heading" title="What's included" />
        <div className="mt-8 overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Features of the Pro plan</caption>
            <thead className="bg-slate-50 text-slate-900 dark:bg-slate-900 dark:text-white">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Feature
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Pro
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              {FEATURE_TABLE.map((row) => (
                <tr key={row.feature}>
                  <th scope="row" className="px-4 py-3 font-medium text-slate-700 dark:text-slate-200">
                    {row.feature}
                  </th>
                  <td className="px-4 py-3 text-slate-600 dark:text-slate-300">
                    <span className="inline-flex items-center gap-2">
                      <Icon name="check" className="h-4 w-4 shrink-0 text-emerald-600 dark:text-emerald-400" />
                      {row.detail}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="benefits-heading" className="bg-slate-50 py-20 dark:bg-slate-900/40">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <SectionHeading id="benefits-heading" title="Why investors choose StockPulse" />
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {[...BENEFITS, riskFree(trial.days)].map((benefit) => (
              <li key={benefit.title}>
                <Card className="h-full p-6">
                  <Icon name={benefit.icon} className="h-6 w-6 text-blue-700 dark:text-blue-400" />
                  <h3 className="mt-4 font-semibold text-slate-900 dark:text-white">{benefit.title}</h3>
                  <p className="mt-2 text-sm leading-relaxed text-slate-600 dark:text-slate-300">{benefit.text}</p>
                </Card>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="faq-heading" className="mx-auto max-w-3xl px-4 py-20 sm:px-6 lg:px-8">
        <SectionHeading id="faq-heading" title="Frequently asked questions" />
        <div className="mt-10">
          <Faq items={pricingFaq(email)} />
        </div>
      </section>
      <CtaSection />
      <JsonLd
        data={{
          '@type': 'Product',
          name: `StockPulse ${PLAN.name}`,
          description: PLAN_FEATURES.join(', '),
          brand: { '@type': 'Brand', name: 'StockPulse' },
          offers: {
            '@type': 'Offer',
            price: PLAN.price.replace('$', ''),
            priceCurrency: 'USD',
            url: `${SITE_URL}/pricing`,
            availability: 'https://schema.org/InStock',
          },
        }}
      />
    </>
  );
}
