import { usePageMeta } from '../../../app/usePageMeta';
import { PageHeader } from '../../../ui/PageHeader';

export function AdminPage() {
  usePageMeta('Admin Panel - StockPulse');
  return <PageHeader title="Admin Panel" description="Manage users, subscriptions and platform settings" />;
}
