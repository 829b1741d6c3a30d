import {
  v1AlertOutcomePageSchema,
  v1AlertOutcomeSchema,
  v1MentionBucketSchema,
  v1MentionPageSchema,
  v1MentionsQuerySchema,
  v1OutcomesQuerySchema,
  v1PostPageSchema,
  v1PostSchema,
  v1PostsQuerySchema,
  v1StockDetailSchema,
  v1StockPageSchema,
  v1StockQuerySchema,
  v1StockSchema,
  v1StocksQuerySchema,
  v1TickerParamsSchema,
  v1TrendingListSchema,
  v1TrendingQuerySchema,
  v1TrendingSchema,
} from '../../core/contracts/publicApi';
import type { RouteDefinition } from '../http/routeTable';

/**
 * The endpoints of the public read API as documented: path, inputs, answers and examples, without their handlers (the
 * routes in api/routes/publicApiRoutes.ts attach those). The OpenAPI document of /api/v1, and the /docs/api page the
 * build renders from it, are generated from this list alone.
 */
export type PublicEndpoint = Pick<RouteDefinition, 'method' | 'path' | 'access' | 'doc'>;

const mentions = (total: number, reddit: number, twitter: number, youtube: number) => ({
  total,
  reddit,
  twitter,
  youtube,
  tiktok: 0,
  instagram: 0,
});

const stockExample = {
  ticker: 'NVDA',
  name: 'NVIDIA Corporation',
  price: 181.24,
  changePercent: 2.31,
  mentions: mentions(412, 230, 151, 31),
  previousMentions: 298,
  sentiment: 'bullish',
  sentimentScore: 0.27,
  trendScore: 74,
  priceUpdatedAt: '2026-11-25T15:59:00.000Z',
};

const outcomeExample = {
  id: 9182,
  alertId: 311,
  ticker: 'TSLA',
  kind: 'mentions',
  firedAt: '2026-11-24T15:02:00.000Z',
  priceAtFire: 342.1,
  later: { m15: 344.85, m30: 343.02, m60: 339.7 },
  movePercent: { m15: 0.8, m30: 0.27, m60: -0.7 },
  marketClosed: { m15: false, m30: false, m60: false },
  simulated: false,
};

/** Each endpoint's contract, by name (the routes pass them to the route table, which types their inputs from them). */
export const v1Docs = {
  stocks: {
    summary: 'The stock list as the dashboard shows it: mentions, sentiment, trend score and price over a range',
    query: v1StocksQuerySchema,
    examples: { query: { range: '24hours', sort: 'mentions', limit: '2' } },
    responses: {
      200: {
        description: 'A page of stocks (JSON, or CSV with one row per stock)',
        schema: v1StockPageSchema,
        csvRow: v1StockSchema,
        example: {
          data: [
            stockExample,
            {
              ...stockExample,
              ticker: 'AAPL',
              name: 'Apple Inc.',
              price: 232.87,
              changePercent: -0.42,
              mentions: mentions(208, 120, 70, 18),
              previousMentions: 240,
              sentiment: 'neutral',
              sentimentScore: 0.03,
              trendScore: 0,
            },
          ],
          nextCursor: 'eyJzb3J0IjoibWVudGlvbnMiLCJyYW5nZSI6IjI0aG91cnMiLCJrZXkiOlstMjA4LCJBQVBMIl19',
        },
      },
    },
    errors: [503],
  },
  stock: {
    summary:
      "One stock over a range: mentions per platform, each sentiment label's count and share, trend score and z-score, price",
    params: v1TickerParamsSchema,
    query: v1StockQuerySchema,
    examples: { params: { ticker: 'NVDA' }, query: { range: '24hours' } },
    responses: {
      200: {
        description: 'The stock',
        schema: v1StockDetailSchema,
        example: {
          ticker: 'NVDA',
          name: 'NVIDIA Corporation',
          range: '24hours',
          price: 181.24,
          changePercent: 2.31,
          priceUpdatedAt: '2026-11-25T15:59:00.000Z',
          mentions: mentions(412, 230, 151, 31),
          sentiment: {
            label: 'bullish',
            score: 0.27,
            counts: { bullish: 171, bearish: 60, neutral: 181 },
            shares: { bullish: 0.415, bearish: 0.1456, neutral: 0.4393 },
          },
          trend: { score: 74, trending: true, zScore: 4.8, scoredAt: '2026-11-25T16:00:03.120Z' },
        },
      },
    },
    errors: [404, 503],
  },
  mentions: {
    summary:
      "A stock's mentions per minute, hour or UTC day in [from, to), with each sentiment label's count; every bucket present, oldest first",
    params: v1TickerParamsSchema,
    query: v1MentionsQuerySchema,
    examples: {
      params: { ticker: 'NVDA' },
      query: { from: '2026-11-25T13:00:00Z', to: '2026-11-25T16:00:00Z', interval: 'hour' },
    },
    responses: {
      200: {
        description: 'A page of buckets (JSON, or CSV with one row per bucket)',
        schema: v1MentionPageSchema,
        csvRow: v1MentionBucketSchema,
        example: {
          interval: 'hour',
          data: [
            { timestamp: '2026-11-25T13:00:00.000Z', mentions: 18, bullish: 7, bearish: 3, neutral: 8 },
            { timestamp: '2026-11-25T14:00:00.000Z', mentions: 41, bullish: 20, bearish: 6, neutral: 15 },
            { timestamp: '2026-11-25T15:00:00.000Z', mentions: 0, bullish: 0, bearish: 0, neutral: 0 },
          ],
          nextCursor: null,
        },
      },
    },
    errors: [404, 503],
  },
  posts: {
    summary: "A stock's posts, newest first, with the sentiment label and score the analyser gave each",
    params: v1TickerParamsSchema,
    query: v1PostsQuerySchema,
    examples: { params: { ticker: 'NVDA' }, query: { limit: '1' } },
    responses: {
      200: {
        description: 'A page of posts (JSON, or CSV with one row per post)',
        schema: v1PostPageSchema,
        csvRow: v1PostSchema,
        example: {
          data: [
            {
              id: 'reddit:1p6x2kq',
              platform: 'reddit',
              source: 'r/stocks',
              text: 'NVDA guidance was strong again\n\nData center revenue beat by a mile, adding on the dip.',
              url: 'https://www.reddit.com/r/stocks/comments/1p6x2kq/',
              publishedAt: '2026-11-25T15:41:12.000Z',
              sentiment: 'bullish',
              score: 0.7351,
              analyser: 'transformer-85c4aea98697-w48-32-20',
              simulated: false,
            },
          ],
          nextCursor: 'eyJhdCI6MTc2NDA4NTI3MjAwMCwicGxhdGZvcm0iOiJyZWRkaXQiLCJwb3N0SWQiOiIxcDZ4MmtxIn0',
        },
      },
    },
    errors: [404, 503],
  },
  trending: {
    summary:
      "What is trending now, newest trend first, with the z-score of each stock's last hour against its 7-day hourly baseline",
    query: v1TrendingQuerySchema,
    responses: {
      200: {
        description: 'Trending stocks (JSON, or CSV with one row per stock)',
        schema: v1TrendingListSchema,
        csvRow: v1TrendingSchema,
        example: {
          data: [
            {
              ticker: 'NVDA',
              name: 'NVIDIA Corporation',
              trendScore: 74,
              zScore: 4.8,
              mentionsLastHour: 63,
              baselineMean: 14.2,
              baselineStddev: 10.1,
              mentionVelocity: 63,
              sentiment: 'bullish',
              sentimentScore: 0.41,
              isNewTrend: true,
              trendingSince: '2026-11-25T15:00:02.511Z',
              lastUpdated: '2026-11-25T16:00:03.120Z',
            },
          ],
        },
      },
    },
    errors: [503],
  },
  outcomes: {
    summary: 'Your own alert firings, newest first, with the price then and 15, 30 and 60 minutes later',
    query: v1OutcomesQuerySchema,
    examples: { query: { limit: '1' } },
    responses: {
      200: {
        description: 'A page of outcomes (JSON, or CSV with one row per firing)',
        schema: v1AlertOutcomePageSchema,
        csvRow: v1AlertOutcomeSchema,
        example: {
          data: [outcomeExample],
          nextCursor: 'eyJmaXJlZEF0IjoiMjAyNi0xMS0yNFQxNTowMjowMC4wMDBaIiwiaWQiOjkxODJ9',
        },
      },
    },
  },
};

/** Where each endpoint is mounted: every one is a GET with an API key. */
export const V1_PATHS = {
  stocks: '/api/v1/stocks',
  stock: '/api/v1/stocks/:ticker',
  mentions: '/api/v1/stocks/:ticker/mentions',
  posts: '/api/v1/stocks/:ticker/posts',
  trending: '/api/v1/trending',
  outcomes: '/api/v1/alerts/outcomes',
} as const satisfies Record<keyof typeof v1Docs, string>;

export const PUBLIC_API_ENDPOINTS: PublicEndpoint[] = (Object.keys(V1_PATHS) as Array<keyof typeof v1Docs>).map(
  (name) => ({ method: 'GET', path: V1_PATHS[name], access: 'apiKey', doc: v1Docs[name] }),
);
