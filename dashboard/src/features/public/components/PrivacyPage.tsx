import { usePageMeta } from '../../../app/usePageMeta';
import { PublicPageHeading } from '../../../ui/PublicPageHeading';

export function PrivacyPage() {
  usePageMeta('Privacy Policy - StockPulse');
  return <PublicPageHeading title="Privacy Policy" />;
}
