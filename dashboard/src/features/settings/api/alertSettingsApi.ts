import { queryOptions } from '@tanstack/react-query';
import type { AlertSettings } from '@core/contracts/alertSettings';
import { apiRequestJson } from '../../../lib/api';

export const ALERT_SETTINGS_QUERY_KEY = ['/api/alert-settings'] as const;

export const alertSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ALERT_SETTINGS_QUERY_KEY,
    queryFn: async () => await apiRequestJson<AlertSettings>('GET', '/api/alert-settings'),
  });

export const saveAlertSettings = async (settings: AlertSettings) =>
  await apiRequestJson<AlertSettings>('PUT', '/api/alert-settings', settings);
