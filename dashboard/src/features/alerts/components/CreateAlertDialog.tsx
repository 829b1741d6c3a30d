import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { alertWindowOptions, DEFAULT_ALERT_WINDOW } from '@core/contracts/alerts';
import { useCurrentUser } from '../../../app/session/useCurrentUser';
import { showToast } from '../../../app/toast/toastStore';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { SelectField } from '../../../ui/SelectField';
import { Switch } from '../../../ui/Switch';
import { TextField } from '../../../ui/TextField';
import { pickerStocksQueryOptions, useCreateAlert } from '../api/alertsApi';

/** Spec §2 / §9 form defaults, plus the mention window (the trailing 24 hours unless chosen). */
export const CREATE_ALERT_DEFAULTS = { stockId: '', mentionThreshold: '1000', windowMinutes: String(DEFAULT_ALERT_WINDOW), emailEnabled: true, smsEnabled: false };

/** The /alerts page's Create Alert dialog: the Set Stock Alert form with a stock picker in place of the read-only symbol. */
export function CreateAlertDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Create Alert" description="Get notified when a stock's mentions pass a threshold.">
      <CreateAlertForm onClose={onClose} />
    </Dialog>
  );
}

function CreateAlertForm({ onClose }: { onClose: () => void }) {
  const [form, setForm] = useState({ ...CREATE_ALERT_DEFAULTS });
  const [thresholdError, setThresholdError] = useState<string | undefined>();
  const stocks = useQuery(pickerStocksQueryOptions());
  const { user } = useCurrentUser();
  const hasPhoneNumber = Boolean(user?.phoneNumber);
  const createAlert = useCreateAlert(() => {
    setForm({ ...CREATE_ALERT_DEFAULTS });
    onClose();
  });
  const stockOptions = [
    { value: '', label: stocks.isPending ? 'Loading stocks…' : 'Choose a stock' },
    ...[...(stocks.data ?? [])].sort((a, b) => a.ticker.localeCompare(b.ticker)).map((s) => ({ value: String(s.id), label: `${s.ticker} · ${s.name}` })),
  ];

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form.stockId) {
      showToast({ title: 'Error', description: 'Stock ID is required', variant: 'destructive' });
      return;
    }
    const threshold = Number(form.mentionThreshold.trim());
    if (!form.mentionThreshold.trim() || !Number.isInteger(threshold) || threshold < 1) {
      setThresholdError(form.mentionThreshold.trim() ? 'Enter a whole number of at least 1' : 'Mention threshold is required');
      return;
    }
    setThresholdError(undefined);
    createAlert.mutate({
      stockId: Number(form.stockId),
      mentionThreshold: threshold,
      windowMinutes: Number(form.windowMinutes) as 60 | 240 | 1440,
      emailEnabled: form.emailEnabled,
      smsEnabled: form.smsEnabled,
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <SelectField label="Stock" data-autofocus options={stockOptions} value={form.stockId} onChange={(e) => setForm((f) => ({ ...f, stockId: e.target.value }))} />
      <TextField
        label="Mention threshold"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        required
        value={form.mentionThreshold}
        onChange={(e) => setForm((f) => ({ ...f, mentionThreshold: e.target.value }))}
        hint="Alert when mentions exceed this number"
        error={thresholdError}
      />
      <SelectField
        label="Mention window"
        options={alertWindowOptions}
        value={form.windowMinutes}
        onChange={(e) => setForm((f) => ({ ...f, windowMinutes: e.target.value }))}
        hint="Mentions are counted over this trailing window"
      />
      <Switch label="Email notifications" checked={form.emailEnabled} onCheckedChange={(emailEnabled) => setForm((f) => ({ ...f, emailEnabled }))} />
      <Switch
        label="SMS notifications"
        description={hasPhoneNumber ? undefined : 'Add a phone number in Settings to receive SMS alerts.'}
        checked={form.smsEnabled}
        disabled={!hasPhoneNumber && !form.smsEnabled}
        onCheckedChange={(smsEnabled) => setForm((f) => ({ ...f, smsEnabled }))}
      />
      <div className="flex justify-end gap-3 pt-2">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={createAlert.isPending}>
          {createAlert.isPending ? 'Creating...' : 'Create Alert'}
        </Button>
      </div>
    </form>
  );
}
