import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ALERT_SETTINGS_DEFAULTS, AlertSettingsFields, CreateAlertButtons, toCreateAlertInput, type AlertSettings } from '../../../app/alerts/AlertFields';
import { useCreateAlert } from '../../../app/alerts/alertMutations';
import { StockPicker } from '../../../app/alerts/StockPicker';
import type { PickerStock } from '../../../app/alerts/stockSearch';
import { showToast } from '../../../app/toast/toastStore';
import { Dialog } from '../../../ui/Dialog';
import { pickerStocksQueryOptions } from '../api/alertsApi';

const NO_STOCKS: PickerStock[] = [];

/** The /alerts page's Create Alert dialog: the Set Stock Alert form with a stock picker in place of the read-only symbol. */
export function CreateAlertDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Create Alert" description="Get notified when a stock's mentions pass a threshold.">
      <CreateAlertForm onClose={onClose} />
    </Dialog>
  );
}

function CreateAlertForm({ onClose }: { onClose: () => void }) {
  const [stock, setStock] = useState<PickerStock | null>(null);
  const [settings, setSettings] = useState<AlertSettings>({ ...ALERT_SETTINGS_DEFAULTS });
  const [thresholdError, setThresholdError] = useState<string | undefined>();
  const stocks = useQuery(pickerStocksQueryOptions());
  const createAlert = useCreateAlert(() => {
    setStock(null);
    setSettings({ ...ALERT_SETTINGS_DEFAULTS });
    onClose();
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stock) {
      showToast({ title: 'Error', description: 'Stock ID is required', variant: 'destructive' });
      return;
    }
    const result = toCreateAlertInput(stock.id, settings);
    setThresholdError('error' in result ? result.error : undefined);
    if ('input' in result) createAlert.mutate(result.input);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <StockPicker stocks={stocks.data ?? NO_STOCKS} value={stock} onChange={setStock} loading={stocks.isPending} />
      <AlertSettingsFields settings={settings} onChange={(change) => setSettings((s) => ({ ...s, ...change }))} thresholdError={thresholdError} />
      <CreateAlertButtons pending={createAlert.isPending} onCancel={onClose} />
    </form>
  );
}
