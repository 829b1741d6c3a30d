import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { usePageMeta } from '../../../app/usePageMeta';
import { Button } from '../../../ui/Button';
import { Icon } from '../../../ui/Icon';
import { PageHeader } from '../../../ui/PageHeader';
import { Spinner } from '../../../ui/Spinner';
import { alertFailed, alertSucceeded } from '../../../app/alerts/alertToasts';
import { webhookSettingsQueryOptions } from '../../../app/webhooks/webhookSettingsQuery';
import {
  alertOutcomesQueryOptions,
  alertsQueryOptions,
  clearAlertWebhookMutationOptions,
  deleteAlertMutationOptions,
  setAlertWebhookMutationOptions,
  toggleAlertMutationOptions,
} from '../api/alertsApi';
import { AlertCard } from './AlertCard';
import { AlertOutcomesTable } from './AlertOutcomesTable';
import { CreateAlertDialog } from './CreateAlertDialog';

/** The /alerts page: the user's alerts as cards, an empty state, and the Create Alert dialog. */
export function AlertsPage() {
  usePageMeta('Stock Alerts - StockPulse');
  const [creating, setCreating] = useState(false);
  const alerts = useQuery(alertsQueryOptions());
  const queryClient = useQueryClient();
  const outcomes = useQuery(alertOutcomesQueryOptions());
  const deleteAlert = useMutation({
    ...deleteAlertMutationOptions(queryClient),
    onSuccess: () => alertSucceeded('Alert deleted successfully'),
    onError: alertFailed('Failed to delete alert'),
  });
  const toggleAlert = useMutation({
    ...toggleAlertMutationOptions(queryClient),
    onError: alertFailed('Failed to update alert'),
  });
  const webhooks = useQuery(webhookSettingsQueryOptions());
  const webhookSaved = {
    onSuccess: () => alertSucceeded('Webhook target saved'),
    onError: alertFailed('Failed to update the webhook target'),
  };
  const setWebhook = useMutation({ ...setAlertWebhookMutationOptions(queryClient), ...webhookSaved });
  const clearWebhook = useMutation({ ...clearAlertWebhookMutationOptions(queryClient), ...webhookSaved });
  const list = alerts.data ?? [];
  const busy = (id: number) =>
    (deleteAlert.isPending && deleteAlert.variables === id) ||
    (toggleAlert.isPending && toggleAlert.variables?.id === id) ||
    (setWebhook.isPending && setWebhook.variables?.id === id) ||
    (clearWebhook.isPending && clearWebhook.variables === id);

  return (
    <div>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeader title="Stock Alerts" description="Manage your stock mention alerts and notification preferences" />
        <Button onClick={() => setCreating(true)}>
          <Icon name="bell" />
          Create Alert
        </Button>
      </div>
      {alerts.isPending ? (
        <div className="flex justify-center py-16" role="status" aria-label="Loading alerts">
          <Spinner className="h-8 w-8" />
        </div>
      ) : list.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 p-12 text-center dark:border-slate-700">
          <Icon name="bell" className="mx-auto h-10 w-10 text-slate-400" />
          <h2 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">No alerts yet</h2>
          <p className="mt-1 text-slate-600 dark:text-slate-400">
            Create your first alert to get notified when stocks start trending
          </p>
          <Button className="mt-6" onClick={() => setCreating(true)}>
            Create Your First Alert
          </Button>
        </div>
      ) : (
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {list.map((alert) => (
            <li key={alert.id}>
              <AlertCard
                alert={alert}
                busy={busy(alert.id)}
                onDelete={(a) => deleteAlert.mutate(a.id)}
                onToggle={(a, isActive) => toggleAlert.mutate({ id: a.id, isActive })}
                webhookTargets={webhooks.data?.targets ?? []}
                onWebhookChange={(a, choice) =>
                  choice ? setWebhook.mutate({ id: a.id, ...choice }) : clearWebhook.mutate(a.id)
                }
              />
            </li>
          ))}
        </ul>
      )}
      <AlertOutcomesTable outcomes={outcomes.data ?? []} now={outcomes.dataUpdatedAt} />
      <CreateAlertDialog open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}
