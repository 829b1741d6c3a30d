import { usePageMeta } from '../../../app/usePageMeta';
import { PublicPageHeading } from '../../../ui/PublicPageHeading';

export function PricingPage() {
  usePageMeta('Pricing - StockPulse');
  return <PublicPageHeading title="Pricing" description="One plan, Pro, at $49 per month." />;
}
