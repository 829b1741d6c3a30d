import { createSimulatedConnector, type SimulatedFeedOptions } from './simulatedFeed';
import { platforms, type Platform } from '../../core/platforms';
import type { Connector } from '../../domain/scans/connector';

export interface ConnectorSetup {
  simulated: SimulatedFeedOptions;
  /** Real API connectors for the platforms that have credentials. */
  real?: Partial<Record<Platform, Connector>>;
}

/** A connector for every platform: the real API where credentials exist, otherwise the simulated feed. */
export function createConnectors(setup: ConnectorSetup): Record<Platform, Connector> {
  return Object.fromEntries(
    platforms.map((platform) => [
      platform,
      setup.real?.[platform] ?? createSimulatedConnector(platform, setup.simulated),
    ]),
  ) as Record<Platform, Connector>;
}
