import { usePageMeta } from '../../../app/usePageMeta';
import { PublicPageHeading } from '../../../ui/PublicPageHeading';

export function FeaturesPage() {
  usePageMeta('Features - StockPulse');
  return (
    <PublicPageHeading
      title="Features"
      description="Real-time social media monitoring, smart alerts and sentiment analysis for stock mentions."
    />
  );
}
