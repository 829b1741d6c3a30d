import { alertWindowOptions, type Alert } from '@core/contracts/alerts';
import { formatCount, formatDate } from '../../../lib/format';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { Icon } from '../../../ui/Icon';
import { Switch } from '../../../ui/Switch';

interface AlertCardProps {
  alert: Alert;
  onDelete: (alert: Alert) => void;
  onToggle: (alert: Alert, isActive: boolean) => void;
  busy: boolean;
}

/** Spec §2 alert card: ticker (or N/A), name (or Unknown Stock), threshold, Active/Inactive, channels, created date, delete. */
export function AlertCard({ alert, onDelete, onToggle, busy }: AlertCardProps) {
  const ticker = alert.stock?.ticker ?? 'N/A';
  const windowLabel = alertWindowOptions.find((o) => o.value === String(alert.windowMinutes))?.label.toLowerCase();
  return (
    <Card className="p-5" data-testid="alert-card">
      <article aria-label={`Alert for ${ticker}`} className="space-y-3">
        <div className="flex items-start justify-between gap-3">
          <div>
            <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{ticker}</h3>
            <p className="text-sm text-slate-600 dark:text-slate-400">{alert.stock?.name ?? 'Unknown Stock'}</p>
          </div>
          <div className="flex items-center gap-2">
            <Badge variant={alert.isActive ? 'default' : 'secondary'}>{alert.isActive ? 'Active' : 'Inactive'}</Badge>
            <Button variant="ghost" size="sm" aria-label={`Delete alert for ${ticker}`} disabled={busy} onClick={() => onDelete(alert)}>
              <Icon name="trash" />
            </Button>
          </div>
        </div>
        <p className="text-sm text-slate-800 dark:text-slate-200">
          Alert when mentions exceed {formatCount(alert.mentionThreshold)}
          {windowLabel ? <span className="text-slate-500 dark:text-slate-400"> ({windowLabel})</span> : null}
        </p>
        <div className="flex gap-4 text-sm text-slate-600 dark:text-slate-400">
          <span>Email: {alert.emailEnabled ? 'On' : 'Off'}</span>
          <span>SMS: {alert.smsEnabled ? 'On' : 'Off'}</span>
        </div>
        <Switch label={alert.isActive ? 'Alert on' : 'Alert off'} checked={alert.isActive} disabled={busy} onCheckedChange={(isActive) => onToggle(alert, isActive)} />
        <p className="text-xs text-slate-500 dark:text-slate-400">
          Created {formatDate(alert.createdAt)}
          {alert.lastTriggeredAt ? ` · last triggered ${formatDate(alert.lastTriggeredAt)}` : ''}
        </p>
      </article>
    </Card>
  );
}
