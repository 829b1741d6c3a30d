import { useState, type FormEvent } from 'react';
import { ALERT_SETTINGS_DEFAULTS, AlertSettingsFields, CreateAlertButtons, toCreateAlertInput, type AlertSettings } from '../../../app/alerts/AlertFields';
import { useCreateAlert } from '../../../app/alerts/alertMutations';
import { showToast } from '../../../app/toast/toastStore';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/TextField';

export interface AlertTargetStock {
  /** The stock's id; when missing, submitting shows "Stock ID is required". */
  id?: number | null;
  ticker: string;
}

interface SetStockAlertDialogProps {
  /** The stock to alert on; null closes the dialog. */
  stock: AlertTargetStock | null;
  onClose: () => void;
}

/**
 * Spec §2 "Set Stock Alert" modal: symbol (read-only), mention threshold (required number, default
 * 1000), e-mail (on) and SMS (off) switches. Submits POST /api/alerts; on success it toasts, resets
 * to the defaults and closes.
 */
export function SetStockAlertDialog({ stock, onClose }: SetStockAlertDialogProps) {
  return (
    <Dialog
      open={stock !== null}
      onClose={onClose}
      title="Set Stock Alert"
      description="Get notified when this stock's mentions pass a threshold."
    >
      {stock && <AlertForm key={`${stock.id ?? ''}-${stock.ticker}`} stock={stock} onClose={onClose} />}
    </Dialog>
  );
}

function AlertForm({ stock, onClose }: { stock: AlertTargetStock; onClose: () => void }) {
  const [settings, setSettings] = useState<AlertSettings>({ ...ALERT_SETTINGS_DEFAULTS });
  const [thresholdError, setThresholdError] = useState<string | undefined>();
  const createAlert = useCreateAlert(() => {
    setSettings({ ...ALERT_SETTINGS_DEFAULTS });
    onClose();
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (stock.id === null || stock.id === undefined) {
      showToast({ title: 'Error', description: 'Stock ID is required', variant: 'destructive' });
      return;
    }
    const result = toCreateAlertInput(stock.id, settings);
    setThresholdError('error' in result ? result.error : undefined);
    if ('input' in result) createAlert.mutate(result.input);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <TextField label="Stock symbol" value={stock.ticker} readOnly />
      <AlertSettingsFields settings={settings} onChange={(change) => setSettings((s) => ({ ...s, ...change }))} thresholdError={thresholdError} autoFocusThreshold />
      <CreateAlertButtons pending={createAlert.isPending} onCancel={onClose} />
    </form>
  );
}
