import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ALERT_SETTINGS_DEFAULTS, AlertSettingsFields, CreateAlertButtons, toCreateAlertInput, type AlertSettings } from '../../../app/alerts/AlertFields';
import { useCreateAlert } from '../../../app/alerts/alertMutations';
import { showToast } from '../../../app/toast/toastStore';
import { Dialog } from '../../../ui/Dialog';
import { SelectField } from '../../../ui/SelectField';
import { pickerStocksQueryOptions } from '../api/alertsApi';

/** The /alerts page's Create Alert dialog: the Set Stock Alert form with a stock picker in place of the read-only symbol. */
export function CreateAlertDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Create Alert" description="Get notified when a stock's mentions pass a threshold.">
      <CreateAlertForm onClose={onClose} />
    </Dialog>
  );
}

function CreateAlertForm({ onClose }: { onClose: () => void }) {
  const [stockId, setStockId] = useState('');
  const [settings, setSettings] = useState<AlertSettings>({ ...ALERT_SETTINGS_DEFAULTS });
  const [thresholdError, setThresholdError] = useState<string | undefined>();
  const stocks = useQuery(pickerStocksQueryOptions());
  const createAlert = useCreateAlert(() => {
    setStockId('');
    setSettings({ ...ALERT_SETTINGS_DEFAULTS });
    onClose();
  });
  const stockOptions = [
    { value: '', label: stocks.isPending ? 'Loading stocks…' : 'Choose a stock' },
    ...[...(stocks.data ?? [])].sort((a, b) => a.ticker.localeCompare(b.ticker)).map((s) => ({ value: String(s.id), label: `${s.ticker} · ${s.name}` })),
  ];

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stockId) {
      showToast({ title: 'Error', description: 'Stock ID is required', variant: 'destructive' });
      return;
    }
    const result = toCreateAlertInput(Number(stockId), settings);
    setThresholdError('error' in result ? result.error : undefined);
    if ('input' in result) createAlert.mutate(result.input);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <SelectField label="Stock" data-autofocus options={stockOptions} value={stockId} onChange={(e) => setStockId(e.target.value)} />
      <AlertSettingsFields settings={settings} onChange={(change) => setSettings((s) => ({ ...s, ...change }))} thresholdError={thresholdError} />
      <CreateAlertButtons pending={createAlert.isPending} onCancel={onClose} />
    </form>
  );
}
