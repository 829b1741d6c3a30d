import { usePageMeta } from '../../../app/usePageMeta';
import { PageHeader } from '../../../ui/PageHeader';

export function SubscribePage() {
  usePageMeta('Subscribe to Pro - StockPulse');
  return (
    <PageHeader
      title="Subscribe to Pro"
      description="Get unlimited access to real-time stock monitoring and alerts"
    />
  );
}
