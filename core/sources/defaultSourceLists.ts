import type { Platform } from '../platforms';

/** Default source lists per platform and setting type. Seeded at first start; "Add Defaults" merges them. */
export interface SourceListDefault {
  platform: Platform;
  settingType: string;
  values: string[];
}

export const defaultSourceLists: SourceListDefault[] = [
  {
    platform: 'reddit',
    settingType: 'subreddits',
    values: ['wallstreetbets', 'stocks', 'investing', 'StockMarket', 'options'],
  },
  {
    platform: 'twitter',
    settingType: 'hashtags',
    values: ['#stocks', '#investing', '#stockmarket', '#trading', '#wallstreetbets'],
  },
  { platform: 'twitter', settingType: 'keywords', values: ['$', 'stock', 'buy', 'sell', 'calls', 'puts'] },
  {
    platform: 'youtube',
    settingType: 'channels',
    values: ['CNBC Television', 'Yahoo Finance', 'Bloomberg Television', 'Financial Education'],
  },
  {
    platform: 'youtube',
    settingType: 'keywords',
    values: ['stock analysis', 'market update', 'earnings', 'financial news'],
  },
];
