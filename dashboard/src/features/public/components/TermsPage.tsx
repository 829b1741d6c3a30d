import { PUBLIC_PAGE_META } from '../content/pageMeta';
import { usePageMeta } from '../../../app/usePageMeta';
import { useSupportEmail } from '../useSupportEmail';
import { LegalPage, type LegalSection } from './LegalPage';

function termsSections(email: string): LegalSection[] {
  const mail = <a href={`mailto:${email}`}>{email}</a>;
  return [
    {
      id: 'service',
      title: 'The service',
      body: (
        <p>
          StockPulse monitors public posts on Reddit, Twitter and YouTube for stock mentions, scores their sentiment,
          shows trending stocks beside market prices, and sends alerts by e-mail or SMS when mentions pass thresholds
          you set. We may improve or change features over time.
        </p>
      ),
    },
    {
      id: 'no-advice',
      title: 'No financial advice',
      body: (
        <p>
          StockPulse does not provide financial, investment, legal or tax advice. All information in the service is for
          educational purposes only and is not a recommendation to buy, sell or hold any security. Social media data and
          sentiment labels can be incomplete, delayed or wrong. You are solely responsible for your investment
          decisions.
        </p>
      ),
    },
    {
      id: 'eligibility',
      title: 'Eligibility and accounts',
      body: (
        <p>
          You must be at least 18 years old to create an account. Keep your password secret; you are responsible for
          activity on your account. Tell us at {mail} if you think someone else has used it.
        </p>
      ),
    },
    {
      id: 'trial',
      title: 'Free trial',
      body: (
        <>
          <p>
            Our marketing pages offer a 7-day free trial with no credit card required. When you subscribe inside the
            app, the sign-up flow offers a 14-day free trial with a card on file: $0.00 is due today and your card is
            charged only after the trial ends.
          </p>
          <p>
            <strong>
              The trial converts automatically to the paid Pro plan at $49/month unless you cancel before it ends.
            </strong>
          </p>
        </>
      ),
    },
    {
      id: 'billing',
      title: 'Subscription and billing',
      body: (
        <p>
          The Pro plan costs $49 per month, billed monthly in advance through our payment provider, and renews
          automatically each month until you cancel.
        </p>
      ),
    },
    {
      id: 'cancellation',
      title: 'Cancellation',
      body: (
        <p>
          You may cancel at any time from your settings or by writing to {mail}. Cancellation takes effect at the end of
          the current billing period; you keep access until then and are not charged again.
        </p>
      ),
    },
    {
      id: 'refunds',
      title: '30-day money-back guarantee',
      body: (
        <p>
          If you are not satisfied, request a refund within 30 days of your first payment and we will refund it in full.
          Write to {mail}.
        </p>
      ),
    },
    {
      id: 'price-changes',
      title: 'Price changes',
      body: (
        <p>
          We will announce any price change by e-mail at least 30 days in advance. The new price applies from your next
          billing period after that notice; if you do not agree, you may cancel before then.
        </p>
      ),
    },
    {
      id: 'acceptable-use',
      title: 'Acceptable use',
      body: (
        <p>
          Do not misuse the service: no scraping or reselling our data, no attempts to break or overload our systems, no
          sharing of accounts, and no use of StockPulse to manipulate markets or to break any law.
        </p>
      ),
    },
    {
      id: 'liability',
      title: 'Limitation of liability',
      body: (
        <p>
          The service is provided "as is". To the fullest extent the law allows, StockPulse is not liable for trading
          losses or for indirect or consequential damages, and our total liability for any claim is limited to the
          amount you paid us in the last 12 months.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to these terms and contact',
      body: (
        <p>
          We may update these terms. If a change is material we will e-mail you before it takes effect. Questions?
          Contact us at {mail}.
        </p>
      ),
    },
  ];
}

export function TermsPage() {
  usePageMeta(PUBLIC_PAGE_META['/terms'].title, PUBLIC_PAGE_META['/terms'].description, { path: '/terms' });
  const email = useSupportEmail();
  return (
    <LegalPage
      title="Terms of Service"
      updated="January 1, 2025"
      intro={
        <p>
          These terms govern your use of the StockPulse website and service. By creating an account or using the service
          you agree to them. Please read them carefully.
        </p>
      }
      sections={termsSections(email)}
    />
  );
}
