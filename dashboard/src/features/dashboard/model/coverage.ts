import type { PlatformStatus } from '@core/contracts/platformStatus';

/** Platform coverage: 3 connected is full coverage, 1 or 2 partial, 0 ready to connect. */
export type CoverageLevel = 'full' | 'partial' | 'none';

export const DEFAULT_MAX_CONNECTIONS = 3;

export function coverageLevel(connected: number): CoverageLevel {
  if (connected >= 3) return 'full';
  if (connected >= 1) return 'partial';
  return 'none';
}

export interface CoverageBannerText {
  level: CoverageLevel;
  title: string;
  message: string;
}

export function coverageBanner(connected: number, max: number = DEFAULT_MAX_CONNECTIONS): CoverageBannerText {
  const level = coverageLevel(connected);
  switch (level) {
    case 'full':
      return {
        level,
        title: 'Full platform coverage',
        message: `All ${max} platforms are connected. Mentions from Reddit, Twitter and YouTube are being tracked.`,
      };
    case 'partial':
      return {
        level,
        title: 'Partial platform coverage',
        message: `${connected} of ${max} platforms connected. Connect the rest for complete coverage.`,
      };
    case 'none':
      return {
        level,
        title: 'Ready to connect',
        message: 'No platforms are connected yet. Add platform API credentials to start monitoring.',
      };
  }
}

export interface PlatformCoverage {
  connected: number;
  /** maxConnections, or 3 when the server gives none. */
  max: number;
  /** Rounded percent of platforms active. */
  percent: number;
}

export function platformCoverage(status: Pick<PlatformStatus, 'totalConnected' | 'maxConnections'>): PlatformCoverage {
  const max = status.maxConnections > 0 ? status.maxConnections : DEFAULT_MAX_CONNECTIONS;
  const connected = Math.max(0, status.totalConnected);
  return { connected, max, percent: Math.round((connected / max) * 100) };
}
