import { queryOptions } from '@tanstack/react-query';
import { alertSettingsSchema, type AlertSettings } from '@core/contracts/alertSettings';
import { apiRequestJson } from '../../../lib/api';

export const ALERT_SETTINGS_QUERY_KEY = ['/api/alert-settings'] as const;

export const alertSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ALERT_SETTINGS_QUERY_KEY,
    queryFn: () => apiRequestJson('GET', '/api/alert-settings', alertSettingsSchema),
  });

export const saveAlertSettings = async (settings: AlertSettings) =>
  await apiRequestJson('PUT', '/api/alert-settings', alertSettingsSchema, settings);
