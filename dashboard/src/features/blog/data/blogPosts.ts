import { identifyTrendingStocksBeforeViral } from './posts/identifyTrendingStocksBeforeViral';
import { mentionsAndPriceTogether } from './posts/mentionsAndPriceTogether';
import { powerOfEarlyDetection } from './posts/powerOfEarlyDetection';
import { redditRetailInvesting } from './posts/redditRetailInvesting';
import { riskManagementSocialSignals } from './posts/riskManagementSocialSignals';
import { settingSmartAlertThresholds } from './posts/settingSmartAlertThresholds';
import { socialMediaInfluencesStockPrices } from './posts/socialMediaInfluencesStockPrices';
import { spottingPumpAndDump } from './posts/spottingPumpAndDump';
import { understandingSentimentAnalysis } from './posts/understandingSentimentAnalysis';
import { youtubeFinanceInfluence } from './posts/youtubeFinanceInfluence';
import type { BlogPost } from './types';

export type { BlogPost } from './types';

/** The ten static posts, newest first. Each post lives in its own file under ./posts. */
export const blogPosts: readonly BlogPost[] = [
  identifyTrendingStocksBeforeViral,
  powerOfEarlyDetection,
  socialMediaInfluencesStockPrices,
  understandingSentimentAnalysis,
  settingSmartAlertThresholds,
  redditRetailInvesting,
  spottingPumpAndDump,
  mentionsAndPriceTogether,
  youtubeFinanceInfluence,
  riskManagementSocialSignals,
];

export function findBlogPost(slug: string): BlogPost | undefined {
  return blogPosts.find((post) => post.slug === slug);
}

/** The category chips: "All Posts" plus each distinct category, in order of first appearance. */
export function blogCategories(posts: readonly BlogPost[] = blogPosts): string[] {
  return ['All Posts', ...new Set(posts.map((post) => post.category))];
}
