// The workflow bundle's entry point: every workflow the worker runs is exported here.
export { detectTrends } from './detectTrends';
export { webhookDelivery } from './webhookDelivery';
export { evaluateAlerts } from './evaluateAlerts';
export { healthProbe } from './healthProbe';
export { notificationDelivery } from './notificationDelivery';
export { refreshPrices } from './refreshPrices';
export { refreshTickerUniverse } from './refreshTickerUniverse';
export { rescoreMentions } from './rescoreMentions';
export { scanPlatform } from './scanPlatform';
export { trialMaintenance } from './trialMaintenance';
export { weeklyDigest } from './weeklyDigest';
