import type { Alert } from '@core/contracts/alerts';
import type { WebhookTarget } from '@core/contracts/webhooks';
import { SelectField } from '../../../ui/SelectField';

export type AlertWebhookChoice = Pick<WebhookTarget, 'url' | 'format'> | null;

const ACCOUNT = 'account';
/** An alert target set through the API that is not (or no longer) one of the account's targets. */
const OTHER = 'other';

interface AlertWebhookFieldProps {
  alert: Alert;
  targets: WebhookTarget[];
  disabled: boolean;
  /** A target: this alert's webhooks go only there; null: back to every account target. */
  onChange: (choice: AlertWebhookChoice) => void;
}

/**
 * Where this alert's webhooks go: "Account targets" (every target in Settings) or one of them alone. Shown once the
 * user has a target, or when the alert has one of its own.
 */
export function AlertWebhookField({ alert, targets, disabled, onChange }: AlertWebhookFieldProps) {
  const own = alert.webhook;
  if (targets.length === 0 && !own) return null;
  const chosen = own ? targets.find((t) => t.url === own.url && t.format === own.format) : undefined;
  const options = [
    { value: ACCOUNT, label: 'Account targets' },
    ...targets.map((t) => ({ value: String(t.id), label: `${t.url} (${t.format})` })),
    ...(own && !chosen ? [{ value: OTHER, label: `${own.url} (${own.format})` }] : []),
  ];
  return (
    <SelectField
      label="Webhook"
      options={options}
      value={own ? (chosen ? String(chosen.id) : OTHER) : ACCOUNT}
      disabled={disabled}
      onChange={(event) => {
        const value = event.target.value;
        if (value === ACCOUNT) return onChange(null);
        const target = targets.find((t) => String(t.id) === value);
        if (target) onChange({ url: target.url, format: target.format });
      }}
    />
  );
}
