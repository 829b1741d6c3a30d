import type { SentimentAnalyser, SentimentScore } from './sentimentModel';
import { createTickerExtractor, type TickerExtractorDeps } from './tickerExtractor';

export interface PostAnalysis {
  /** Unique symbols, in order of first appearance. */
  tickers: string[];
  sentiment: SentimentScore;
}

export interface PostAnalyser {
  /** The sentiment analyser's version, recorded with each mention row. */
  sentimentVersion: string;
  analyse(text: string): PostAnalysis;
}

/**
 * The one post-analysis function: ticker extraction + the learned sentiment model. Ingestion
 * activities and `npm run analyse` both build it (from `loadTickerData()` or the admin-edited lists).
 */
export function createPostAnalyser(deps: TickerExtractorDeps, sentiment: SentimentAnalyser): PostAnalyser {
  const extractor = createTickerExtractor(deps);
  return {
    sentimentVersion: sentiment.version,
    analyse(text: string): PostAnalysis {
      return { tickers: extractor.extract(text), sentiment: sentiment.analyse(text) };
    },
  };
}
