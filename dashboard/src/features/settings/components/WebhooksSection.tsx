import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { WebhookDelivery } from '@core/contracts/webhooks';
import { showToast } from '../../../app/toast/showToast';
import { getErrorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { Badge, type BadgeVariant } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { CompactTable } from '../../../ui/CompactTable';
import {
  deleteWebhookMutationOptions,
  rotateWebhookSecretMutationOptions,
  sendTestWebhookMutationOptions,
  webhookDeliveriesQueryOptions,
} from '../api/webhooksApi';
import { webhookSettingsQueryOptions } from '../../../app/webhooks/webhookSettingsQuery';
import { WebhookTargetForm } from './WebhookTargetForm';

const statusVariant: Record<WebhookDelivery['status'], BadgeVariant> = {
  pending: 'secondary',
  delivering: 'outline',
  delivered: 'success',
  failed: 'destructive',
};

/** Settings → Webhooks: targets, the signing secret, Send test and the delivery log. */
export function WebhooksSection() {
  const settings = useQuery(webhookSettingsQueryOptions());
  const deliveries = useQuery(webhookDeliveriesQueryOptions());
  const queryClient = useQueryClient();
  const remove = useMutation(deleteWebhookMutationOptions(queryClient));
  const rotate = useMutation(rotateWebhookSecretMutationOptions(queryClient));
  const sendTest = useMutation(sendTestWebhookMutationOptions(queryClient));
  const [showSecret, setShowSecret] = useState(false);
  const targets = settings.data?.targets ?? [];

  function onSendTest() {
    sendTest.mutate(undefined, {
      onSuccess: (sent) => {
        const delivered = sent.filter((d) => d.status === 'delivered').length;
        showToast({
          title: 'Test webhook sent',
          description: `${delivered} of ${sent.length} target(s) answered with success.`,
          variant: delivered === sent.length ? 'default' : 'destructive',
        });
      },
      onError: (error) =>
        showToast({ title: 'Test webhook not sent', description: getErrorMessage(error), variant: 'destructive' }),
    });
  }

  return (
    <Card className="mt-6 p-6" role="region" aria-labelledby="webhooks-heading">
      <h2 id="webhooks-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Webhooks
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Every alert that fires is also POSTed to these HTTPS URLs, signed with your secret (header
        X-StockPulse-Signature). Up to {settings.data?.maxTargets ?? 5} targets.
      </p>

      <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-800" aria-label="Webhook targets">
        {targets.map((t) => (
          <li key={t.id} className="flex items-center justify-between gap-3 py-2">
            <span className="min-w-0 truncate font-mono text-sm text-slate-800 dark:text-slate-200">{t.url}</span>
            <span className="flex shrink-0 items-center gap-2">
              <Badge variant="secondary">{t.format}</Badge>
              <Button
                variant="outline"
                size="sm"
                onClick={() => remove.mutate(t.id)}
                disabled={remove.isPending}
                aria-label={`Delete webhook ${t.url}`}
              >
                Delete
              </Button>
            </span>
          </li>
        ))}
        {targets.length === 0 && (
          <li className="py-2 text-sm text-slate-500 dark:text-slate-400">No webhook targets yet.</li>
        )}
      </ul>

      <WebhookTargetForm />

      <div className="mt-6 flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
        <label className="flex items-center gap-2 text-sm font-medium text-slate-700 dark:text-slate-200">
          Signing secret
          <input
            readOnly
            className="w-80 max-w-full rounded bg-slate-100 px-2 py-1 font-mono text-xs dark:bg-slate-800"
            value={settings.data ? (showSecret ? settings.data.secret : `${settings.data.secret.slice(0, 10)}…`) : ''}
          />
        </label>
        <Button variant="outline" size="sm" onClick={() => setShowSecret((s) => !s)}>
          {showSecret ? 'Hide' : 'Show'}
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() =>
            rotate.mutate(undefined, {
              onSuccess: () =>
                showToast({
                  title: 'Secret rotated',
                  description: 'Bodies are signed with the new secret from now on.',
                }),
            })
          }
          disabled={rotate.isPending}
        >
          Rotate secret
        </Button>
        <Button
          size="sm"
          className="ml-auto"
          onClick={onSendTest}
          disabled={sendTest.isPending || targets.length === 0}
        >
          {sendTest.isPending ? 'Sending...' : 'Send test'}
        </Button>
      </div>

      <h3 className="mt-6 text-sm font-semibold text-slate-900 dark:text-white">Recent deliveries</h3>
      <CompactTable
        className="mt-2"
        label="Webhook deliveries"
        columns={['Time', 'Event', 'Target', 'Status', 'HTTP', 'Attempts', 'Last error']}
        headerCellClassName="pr-3 last:pr-0"
      >
        {(deliveries.data ?? []).map((d) => (
          <tr key={d.id}>
            <td className="whitespace-nowrap py-2 pr-3">{formatDateTime(d.lastAttemptAt ?? d.createdAt)}</td>
            <td className="py-2 pr-3">{d.event === 'webhook.test' ? 'Test' : `Alert #${d.alertId ?? '–'}`}</td>
            <td className="max-w-[14rem] truncate py-2 pr-3 font-mono text-xs">{d.url}</td>
            <td className="py-2 pr-3">
              <Badge variant={statusVariant[d.status]}>{d.status}</Badge>
            </td>
            <td className="py-2 pr-3">{d.httpStatus ?? '–'}</td>
            <td className="py-2 pr-3">{d.attempts}</td>
            <td className="max-w-[16rem] truncate py-2 text-xs text-slate-600 dark:text-slate-400">
              {d.lastError ?? ''}
            </td>
          </tr>
        ))}
        {deliveries.data?.length === 0 && (
          <tr>
            <td colSpan={7} className="py-3 text-slate-500 dark:text-slate-400">
              Nothing sent yet.
            </td>
          </tr>
        )}
      </CompactTable>
    </Card>
  );
}
