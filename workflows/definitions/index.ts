// The workflow bundle's entry point: every workflow the worker runs is exported here.
export { healthProbe } from './healthProbe';
export { scanPlatform } from './scanPlatform';
