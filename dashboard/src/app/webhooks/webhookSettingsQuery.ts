import { queryOptions } from '@tanstack/react-query';
import { webhookSettingsSchema } from '@core/contracts/webhooks';
import { getQueryFn } from '../../lib/api';

/** The user's webhook targets and secret: Settings manages them, each alert card on /alerts picks among the targets. */
export const WEBHOOKS_URL = '/api/webhooks';

export const webhookSettingsQueryOptions = () =>
  queryOptions({ queryKey: [WEBHOOKS_URL], queryFn: getQueryFn({ on401: 'throw', schema: webhookSettingsSchema }) });
