import { scoreSentiment, type SentimentResult } from './sentiment';
import { createTickerExtractor, type TickerExtractorDeps } from './tickerExtractor';

export interface PostAnalysis {
  /** Unique symbols, in order of first appearance. */
  tickers: string[];
  sentiment: SentimentResult;
}

export interface PostAnalyzer {
  analyze(text: string): PostAnalysis;
}

/**
 * The one post-analysis function: ticker extraction + extended-VADER sentiment. Ingestion
 * activities and `npm run analyze` both build it (from `loadTickerData()` or the admin-edited lists).
 */
export function createPostAnalyzer(deps: TickerExtractorDeps): PostAnalyzer {
  const extractor = createTickerExtractor(deps);
  return {
    analyze(text: string): PostAnalysis {
      return { tickers: extractor.extract(text), sentiment: scoreSentiment(text) };
    },
  };
}
