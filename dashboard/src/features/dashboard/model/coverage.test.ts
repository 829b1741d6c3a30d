import { describe, expect, it } from 'vitest';
import { coverageBanner, coverageLevel, platformCoverage } from './coverage';

describe('coverageLevel', () => {
  it('is full at 3, partial at 1 or 2, ready to connect at 0', () => {
    expect(coverageLevel(3)).toBe('full');
    expect(coverageLevel(2)).toBe('partial');
    expect(coverageLevel(1)).toBe('partial');
    expect(coverageLevel(0)).toBe('none');
  });

  it('gives the banner text for each level', () => {
    expect(coverageBanner(3).title).toBe('Full platform coverage');
    expect(coverageBanner(2)).toMatchObject({
      title: 'Partial platform coverage',
      message: expect.stringContaining('2 of 3'),
    });
    expect(coverageBanner(0).title).toBe('Ready to connect');
  });
});

describe('platformCoverage', () => {
  it('rounds the percent of platforms active', () => {
    expect(platformCoverage({ totalConnected: 2, maxConnections: 3 })).toEqual({ connected: 2, max: 3, percent: 67 });
    expect(platformCoverage({ totalConnected: 1, maxConnections: 3 }).percent).toBe(33);
    expect(platformCoverage({ totalConnected: 3, maxConnections: 3 }).percent).toBe(100);
  });

  it('uses a maximum of 3 when the server gives none', () => {
    expect(platformCoverage({ totalConnected: 1, maxConnections: 0 })).toEqual({ connected: 1, max: 3, percent: 33 });
  });
});
