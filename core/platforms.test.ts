import { describe, expect, it } from 'vitest';
import {
  dashboardPlatforms,
  isPlatform,
  platformColors,
  platformLabels,
  platforms,
  sourceListTypes,
  zeroPerPlatform,
} from './platforms';

describe('the one platform list', () => {
  it('gives every platform a label, a colour and its source lists, and nothing else', () => {
    expect(platforms).toEqual(['reddit', 'twitter', 'youtube', 'tiktok', 'instagram']);
    for (const table of [platformLabels, platformColors, sourceListTypes, zeroPerPlatform()])
      expect(Object.keys(table)).toEqual([...platforms]);
    expect(platformLabels.youtube).toBe('YouTube');
    expect(sourceListTypes.reddit).toEqual(['subreddits']);
  });

  it('names the platforms the dashboard always shows, and recognises ids', () => {
    expect(dashboardPlatforms).toEqual(['reddit', 'twitter', 'youtube']);
    expect(isPlatform('tiktok')).toBe(true);
    expect(isPlatform('myspace')).toBe(false);
    expect(isPlatform('toString')).toBe(false);
  });
});
