import type { IconName } from '../../../ui/Icon';

/** Default support address until GET /api/config answers. */
export const DEFAULT_SUPPORT_EMAIL = 'support@stockpulse.app';

export const PLAN = {
  name: 'Pro',
  price: '$49',
  period: 'month',
  perDay: '$1.63',
  marketingTrialDays: 7,
  signupTrialDays: 14,
} as const;

/** Landing page: the five features of the pricing card. */
export const PLAN_FEATURES = [
  'Unlimited stock monitoring',
  'Real-time alerts via email and SMS',
  'Advanced sentiment analysis',
  'Historical trend data',
  'Priority support',
] as const;

export interface FeatureCard {
  icon: IconName;
  title: string;
  description: string;
  /** Longer text for /features. */
  details: string;
}

/** Landing page: the six feature cards. The product's own claims. */
export const FEATURE_CARDS: readonly FeatureCard[] = [
  {
    icon: 'activity',
    title: 'Real-Time Monitoring',
    description: 'Track stock mentions across Reddit, Twitter and YouTube, with every source scanned every 5 minutes.',
    details:
      'StockPulse watches investing subreddits, finance hashtags and keywords on Twitter, and finance channels on YouTube. It finds cashtags such as $TSLA and plain ticker symbols, ignores everyday words that only look like tickers, and counts each post once.',
  },
  {
    icon: 'bell',
    title: 'Smart Alerts',
    description: "Get an e-mail or SMS the moment a stock's mentions pass the threshold you set.",
    details:
      'Pick the stocks you care about, choose a mention threshold for each and decide how to hear about it: e-mail, SMS or both. Pause or change an alert at any time.',
  },
  {
    icon: 'messageCircle',
    title: 'Sentiment Analysis',
    description: 'AI-based sentiment analysis tells you whether the conversation is bullish, bearish or neutral.',
    details:
      'Every post that mentions a stock is scored with finance-aware language analysis, so "calls", "to the moon" and "bagholder" are read the way traders mean them. Each stock shows the label most of its recent mentions carry.',
  },
  {
    icon: 'trendingUp',
    title: 'Price Integration',
    description: 'See live prices and daily change right beside mention counts, updated every 30 seconds.',
    details:
      'Mentions mean more next to the price. The dashboard shows each stock’s price, daily change and mentions per platform side by side, plus historical trend data, refreshed every 30 seconds.',
  },
  {
    icon: 'shield',
    title: 'Secure & Reliable',
    description: 'Encrypted connections, secure payments and infrastructure built for 99.9% uptime.',
    details:
      'Your account is protected with salted password hashing and secure sessions, payments are handled by our payment provider, and we never sell your data.',
  },
  {
    icon: 'zap',
    title: 'Lightning Fast',
    description: 'Spot trending stocks 15-30 minutes before the news picks them up.',
    details:
      'StockPulse compares each stock’s mentions in the last hour with its own normal level, so a sudden surge stands out while the conversation is still building, often 15-30 minutes before mainstream news coverage.',
  },
];

/** The marketing statistics. */
export const STATS = [
  { value: '10,000+', label: 'Active users' },
  { value: '1M+', label: 'Stocks monitored daily' },
  { value: '99.9%', label: 'Uptime' },
] as const;
