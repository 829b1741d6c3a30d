import { alertWindowOptions, DEFAULT_ALERT_WINDOW, type CreateAlertInput } from '@core/contracts/alerts';
import { Button } from '../../ui/Button';
import { SelectField } from '../../ui/SelectField';
import { Switch } from '../../ui/Switch';
import { TextField } from '../../ui/TextField';
import { useCurrentUser } from '../session/useCurrentUser';

/** What both alert dialogs ask besides the stock: spec §2 / §9 defaults, plus the mention window (24 hours unless chosen). */
export interface AlertSettings {
  mentionThreshold: string;
  windowMinutes: string;
  emailEnabled: boolean;
  smsEnabled: boolean;
}
export const ALERT_SETTINGS_DEFAULTS: AlertSettings = { mentionThreshold: '1000', windowMinutes: String(DEFAULT_ALERT_WINDOW), emailEnabled: true, smsEnabled: false };

/** A whole number of at least 1, or the message to show. */
export function parseMentionThreshold(raw: string): { value: number } | { error: string } {
  const text = raw.trim();
  if (!text) return { error: 'Mention threshold is required' };
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) return { error: 'Enter a whole number of at least 1' };
  return { value };
}

/** The POST /api/alerts body for a stock, or the threshold's error message. */
export function toCreateAlertInput(stockId: number, settings: AlertSettings): { input: CreateAlertInput } | { error: string } {
  const threshold = parseMentionThreshold(settings.mentionThreshold);
  if ('error' in threshold) return threshold;
  return {
    input: {
      stockId,
      mentionThreshold: threshold.value,
      windowMinutes: Number(settings.windowMinutes) as CreateAlertInput['windowMinutes'],
      emailEnabled: settings.emailEnabled,
      smsEnabled: settings.smsEnabled,
    },
  };
}

/** The threshold, window and channel fields; SMS can only be switched on with a phone number in the profile. */
export function AlertSettingsFields({
  settings,
  onChange,
  thresholdError,
  autoFocusThreshold = false,
}: {
  settings: AlertSettings;
  onChange: (change: Partial<AlertSettings>) => void;
  thresholdError?: string;
  autoFocusThreshold?: boolean;
}) {
  const { user } = useCurrentUser();
  const hasPhoneNumber = Boolean(user?.phoneNumber);
  return (
    <>
      <TextField
        label="Mention threshold"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        required
        data-autofocus={autoFocusThreshold || undefined}
        value={settings.mentionThreshold}
        onChange={(e) => onChange({ mentionThreshold: e.target.value })}
        hint="Alert when mentions exceed this number"
        error={thresholdError}
      />
      <SelectField
        label="Mention window"
        options={alertWindowOptions}
        value={settings.windowMinutes}
        onChange={(e) => onChange({ windowMinutes: e.target.value })}
        hint="Mentions are counted over this trailing window"
      />
      <Switch label="Email notifications" checked={settings.emailEnabled} onCheckedChange={(emailEnabled) => onChange({ emailEnabled })} />
      <Switch
        label="SMS notifications"
        description={hasPhoneNumber ? undefined : 'Add a phone number in Settings to receive SMS alerts.'}
        checked={settings.smsEnabled}
        disabled={!hasPhoneNumber && !settings.smsEnabled}
        onCheckedChange={(smsEnabled) => onChange({ smsEnabled })}
      />
    </>
  );
}

/** Cancel and "Create Alert" (shown as "Creating..." while the request runs). */
export function CreateAlertButtons({ pending, onCancel }: { pending: boolean; onCancel: () => void }) {
  return (
    <div className="flex justify-end gap-3 pt-2">
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? 'Creating...' : 'Create Alert'}
      </Button>
    </div>
  );
}
