import { useState, type FormEvent } from 'react';
import { alertWindowOptions } from '@core/contracts/alerts';
import { useCurrentUser } from '../../../app/session/useCurrentUser';
import { showToast } from '../../../app/toast/toastStore';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { SelectField } from '../../../ui/SelectField';
import { Switch } from '../../../ui/Switch';
import { TextField } from '../../../ui/TextField';
import { useCreateAlertMutation } from '../api/alertApi';

/** Spec §2 / §9 defaults of the Set Stock Alert form. */
export const ALERT_FORM_DEFAULTS = { mentionThreshold: '1000', windowMinutes: '1440', emailEnabled: true, smsEnabled: false } as const;

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
 * to the defaults and closes. Self-contained so the alerts page can reuse it.
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

type FormState = { mentionThreshold: string; windowMinutes: string; emailEnabled: boolean; smsEnabled: boolean };

/** A whole number of at least 1, or the message to show. */
export function parseMentionThreshold(raw: string): { value: number } | { error: string } {
  const text = raw.trim();
  if (!text) return { error: 'Mention threshold is required' };
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) return { error: 'Enter a whole number of at least 1' };
  return { value };
}

function AlertForm({ stock, onClose }: { stock: AlertTargetStock; onClose: () => void }) {
  const [form, setForm] = useState<FormState>({ ...ALERT_FORM_DEFAULTS });
  const [thresholdError, setThresholdError] = useState<string | undefined>();
  const { user } = useCurrentUser();
  const hasPhoneNumber = Boolean(user?.phoneNumber);
  const createAlert = useCreateAlertMutation({
    onSuccess: () => {
      setForm({ ...ALERT_FORM_DEFAULTS });
      onClose();
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (stock.id === null || stock.id === undefined) {
      showToast({ title: 'Error', description: 'Stock ID is required', variant: 'destructive' });
      return;
    }
    const threshold = parseMentionThreshold(form.mentionThreshold);
    if ('error' in threshold) {
      setThresholdError(threshold.error);
      return;
    }
    setThresholdError(undefined);
    createAlert.mutate({
      stockId: stock.id,
      mentionThreshold: threshold.value,
      windowMinutes: Number(form.windowMinutes) as 60 | 240 | 1440,
      emailEnabled: form.emailEnabled,
      smsEnabled: form.smsEnabled,
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <TextField label="Stock symbol" value={stock.ticker} readOnly />
      <TextField
        label="Mention threshold"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        required
        data-autofocus
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
      <Switch
        label="Email notifications"
        checked={form.emailEnabled}
        onCheckedChange={(emailEnabled) => setForm((f) => ({ ...f, emailEnabled }))}
      />
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
