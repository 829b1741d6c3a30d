/** Title and description of each public page: the page sets them in the browser, the server puts them in the HTML it sends. */
export interface PageMeta {
  title: string;
  description: string;
}

export const PUBLIC_PAGE_META = {
  '/': {
    title: 'StockPulse - Monitor Social Media Stock Trends in Real Time',
    description:
      'Monitor stock trends in real time: StockPulse watches Reddit, Twitter and YouTube for stock mentions, ' +
      'scores their sentiment and alerts you by e-mail or SMS when mentions pass your threshold.',
  },
  '/features': {
    title: 'Features - StockPulse',
    description:
      'Real-time social media monitoring of Reddit, Twitter and YouTube, smart e-mail and SMS alerts, AI-based sentiment analysis and live prices.',
  },
  '/pricing': {
    title: 'Pricing - StockPulse',
    description:
      'One plan, Pro, at $49 per month: unlimited stock monitoring, e-mail and SMS alerts, sentiment analysis and historical trends. 7-day free trial, no credit card required.',
  },
  '/privacy': {
    title: 'Privacy Policy - StockPulse',
    description: 'What StockPulse collects, how we use it, who we share it with and how long we keep it.',
  },
  '/terms': {
    title: 'Terms of Service - StockPulse',
    description:
      'The terms for using StockPulse: free trial, billing, cancellation, refunds, price changes and liability.',
  },
} as const satisfies Record<string, PageMeta>;
