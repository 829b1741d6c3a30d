import { PUBLIC_PAGE_META } from '../content/pageMeta';
import { usePageMeta } from '../../../app/usePageMeta';
import { useSupportEmail } from '../useSupportEmail';
import { LegalPage, type LegalSection } from './LegalPage';

/** How long each kind of data is kept. */
export const RETENTION = [
  {
    data: 'Account data (name, e-mail, phone number, settings, alerts)',
    period: 'Until you delete your account, or 3 years after your last activity',
  },
  { data: 'Usage data (log-ins, pages used, device and browser information)', period: '2 years' },
  { data: 'Payment records (invoices, subscription history)', period: '7 years' },
  { data: 'Support records (messages to our support team)', period: '3 years' },
] as const;

function privacySections(email: string): LegalSection[] {
  const mail = <a href={`mailto:${email}`}>{email}</a>;
  return [
    {
      id: 'collect',
      title: 'Information we collect',
      body: (
        <ul>
          <li>
            <strong>Account information:</strong> your e-mail address, password (stored only as a salted hash), name,
            optional username, profile image and phone number.
          </li>
          <li>
            <strong>Preferences and alerts:</strong> the stocks you watch, your mention thresholds, and your e-mail and
            SMS notification choices.
          </li>
          <li>
            <strong>Payment information:</strong> handled by our payment provider. We keep the customer and subscription
            identifiers and your subscription status, never your full card number.
          </li>
          <li>
            <strong>Usage information:</strong> log-in times, the features you use, and technical data such as browser
            type and IP address.
          </li>
          <li>
            <strong>Support communications:</strong> the messages you send us.
          </li>
        </ul>
      ),
    },
    {
      id: 'use',
      title: 'How we use your information',
      body: (
        <ul>
          <li>
            To provide the service: your dashboard, alerts by e-mail or SMS, and the weekly digest if you choose it.
          </li>
          <li>To manage your subscription, trial and payments.</li>
          <li>To keep the service secure, prevent abuse and fix problems.</li>
          <li>To send product updates and market updates, only if you have turned them on in your settings.</li>
        </ul>
      ),
    },
    {
      id: 'social-data',
      title: 'Public social media data',
      body: (
        <p>
          StockPulse analyses public posts on Reddit, Twitter and YouTube to count stock mentions and score their
          sentiment. We use these posts only in aggregate, to compute mention counts, trends and sentiment. We do not
          build profiles of the people who wrote them.
        </p>
      ),
    },
    {
      id: 'sharing',
      title: 'Sharing',
      body: (
        <p>
          We do not sell your personal information. We share it only with service providers who help us run StockPulse
          (hosting, payment processing, e-mail and SMS delivery), under contracts that limit their use of it, or when
          the law requires us to.
        </p>
      ),
    },
    {
      id: 'retention',
      title: 'How long we keep your data',
      body: (
        <>
          <p>We keep each kind of data only as long as we need it:</p>
          <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Data retention periods</caption>
              <thead className="bg-slate-50 text-slate-900 dark:bg-slate-900 dark:text-white">
                <tr>
                  <th scope="col" className="px-4 py-2 font-semibold">
                    Data
                  </th>
                  <th scope="col" className="px-4 py-2 font-semibold">
                    Kept for
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
                {RETENTION.map((row) => (
                  <tr key={row.data}>
                    <td className="px-4 py-2">{row.data}</td>
                    <td className="px-4 py-2">{row.period}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p>Payment records are kept for 7 years because tax and accounting law requires it.</p>
        </>
      ),
    },
    {
      id: 'rights',
      title: 'Your rights and choices',
      body: (
        <>
          <p>
            You can see and update your profile and notification choices in your settings at any time, download your
            data, and delete your account. You can also ask us to access, correct or delete your information, or object
            to how we use it, by writing to {mail}.
          </p>
          <p>Every marketing e-mail has an unsubscribe link.</p>
        </>
      ),
    },
    {
      id: 'security',
      title: 'Security',
      body: (
        <p>
          We use encrypted connections, salted password hashing, secure session cookies and limited staff access. No
          system is perfectly secure; if we learn of a breach that affects you, we will tell you promptly.
        </p>
      ),
    },
    {
      id: 'children',
      title: 'Age requirement',
      body: (
        <p>
          StockPulse is for adults. You must be at least 18 years old to use it, and we do not knowingly collect data
          from anyone younger.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes and contact',
      body: (
        <p>
          If we change this policy in a way that matters, we will e-mail you before the change takes effect. Questions
          about your privacy? Contact us at {mail}.
        </p>
      ),
    },
  ];
}

export function PrivacyPage() {
  usePageMeta(PUBLIC_PAGE_META['/privacy'].title, PUBLIC_PAGE_META['/privacy'].description, { path: '/privacy' });
  const email = useSupportEmail();
  return (
    <LegalPage
      title="Privacy Policy"
      updated="January 1, 2025"
      intro={
        <p>
          This policy explains what personal information StockPulse collects when you use our website and service, how
          we use it, and the choices you have. We collect only what we need to run the service, and we never sell your
          data.
        </p>
      }
      sections={privacySections(email)}
    />
  );
}
