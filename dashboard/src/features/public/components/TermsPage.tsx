import { usePageMeta } from '../../../app/usePageMeta';
import { PublicPageHeading } from '../../../ui/PublicPageHeading';

export function TermsPage() {
  usePageMeta('Terms of Service - StockPulse');
  return <PublicPageHeading title="Terms of Service" />;
}
