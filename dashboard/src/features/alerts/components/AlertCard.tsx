import { StarButton } from '../../../app/watchlist/StarButton';
import { alertWindowOptions, type Alert } from '@core/contracts/alerts';
import type { WebhookTarget } from '@core/contracts/webhooks';
import { formatCount, formatDate } from '../../../lib/format';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { Icon } from '../../../ui/Icon';
import { Switch } from '../../../ui/Switch';
import { AlertWebhookField, type AlertWebhookChoice } from './AlertWebhookField';

interface AlertCardProps {
  alert: Alert;
  onDelete: (alert: Alert) => void;
  onToggle: (alert: Alert, isActive: boolean) => void;
  /** The account's webhook targets, one of which the alert may send to alone. */
  webhookTargets: WebhookTarget[];
  onWebhookChange: (alert: Alert, choice: AlertWebhookChoice) => void;
  busy: boolean;
}

const KIND_LABELS: Record<Alert['kind'], string> = {
  threshold: 'Threshold',
  spike: 'Spike',
  sentiment_flip: 'Sentiment flip',
  new_trend: 'New trend',
};

/** What the alert watches, in words: its kind's rule and parameters. */
function ruleText(alert: Alert): string {
  switch (alert.kind) {
    case 'spike':
      return `Alert when mentions reach ${alert.spikeFactor}× the usual for the time of day (at least ${formatCount(alert.minMentions ?? 0)})`;
    case 'sentiment_flip':
      return `Alert when the majority sentiment flips bullish ↔ bearish (at least ${formatCount(alert.minMentions ?? 0)} mentions)`;
    case 'new_trend':
      return alert.trendScope === 'any'
        ? 'Alert when any stock starts trending'
        : alert.trendScope === 'watchlist'
          ? 'Alert when a stock on your watchlist starts trending'
          : 'Alert when it starts trending';
    default:
      return `Alert when mentions exceed ${formatCount(alert.mentionThreshold ?? 0)}`;
  }
}

/** Alert card: ticker (or N/A, or the new-trend scope), name (or Unknown Stock), kind and rule, Active/Inactive, channels, webhook target, created date, delete. */
export function AlertCard({ alert, onDelete, onToggle, webhookTargets, onWebhookChange, busy }: AlertCardProps) {
  const scoped = alert.kind === 'new_trend' && alert.trendScope !== 'stock';
  const ticker = scoped ? (alert.trendScope === 'any' ? 'Any stock' : 'Watchlist') : (alert.stock?.ticker ?? 'N/A');
  const windowLabel =
    alert.kind === 'new_trend'
      ? undefined
      : alertWindowOptions.find((o) => o.value === String(alert.windowMinutes))?.label.toLowerCase();
  return (
    <Card className="p-5" data-testid="alert-card">
      <article aria-label={`Alert for ${ticker}`} className="space-y-3">
        <div className="flex items-start justify-between gap-3">
          <div>
            <h3 className="flex items-center gap-1 text-lg font-semibold text-slate-900 dark:text-white">
              {ticker}
              {alert.stock && !scoped && <StarButton ticker={alert.stock.ticker} />}
            </h3>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {scoped ? 'New trends' : (alert.stock?.name ?? 'Unknown Stock')}
            </p>
          </div>
          <div className="flex items-center gap-2">
            <Badge variant="secondary">{KIND_LABELS[alert.kind]}</Badge>
            <Badge variant={alert.isActive ? 'default' : 'secondary'}>{alert.isActive ? 'Active' : 'Inactive'}</Badge>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Delete alert for ${ticker}`}
              disabled={busy}
              onClick={() => onDelete(alert)}
            >
              <Icon name="trash" />
            </Button>
          </div>
        </div>
        <p className="text-sm text-slate-800 dark:text-slate-200">
          {ruleText(alert)}
          {windowLabel ? <span className="text-slate-500 dark:text-slate-400"> ({windowLabel})</span> : null}
        </p>
        <div className="flex gap-4 text-sm text-slate-600 dark:text-slate-400">
          <span>Email: {alert.emailEnabled ? 'On' : 'Off'}</span>
          <span>SMS: {alert.smsEnabled ? 'On' : 'Off'}</span>
        </div>
        <AlertWebhookField
          alert={alert}
          targets={webhookTargets}
          disabled={busy}
          onChange={(choice) => onWebhookChange(alert, choice)}
        />
        <Switch
          label={alert.isActive ? 'Alert on' : 'Alert off'}
          checked={alert.isActive}
          disabled={busy}
          onCheckedChange={(isActive) => onToggle(alert, isActive)}
        />
        <p className="text-xs text-slate-500 dark:text-slate-400">
          Created {formatDate(alert.createdAt)}
          {alert.lastTriggeredAt ? ` · last triggered ${formatDate(alert.lastTriggeredAt)}` : ''}
        </p>
      </article>
    </Card>
  );
}
