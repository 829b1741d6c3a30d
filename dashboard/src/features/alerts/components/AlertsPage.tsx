import { usePageMeta } from '../../../app/usePageMeta';
import { PageHeader } from '../../../ui/PageHeader';

export function AlertsPage() {
  usePageMeta('Stock Alerts - StockPulse');
  return (
    <PageHeader title="Stock Alerts" description="Manage your stock mention alerts and notification preferences" />
  );
}
