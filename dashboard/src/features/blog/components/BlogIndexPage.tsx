import { usePageMeta } from '../../../app/usePageMeta';
import { PublicPageHeading } from '../../../ui/PublicPageHeading';

export function BlogIndexPage() {
  usePageMeta(
    'Blog - StockPulse',
    'Stock market insights and social media trends: how online conversation moves stocks.',
  );
  return (
    <PublicPageHeading
      title="Stock Market Insights & Social Media Trends"
      description="How online conversation moves stocks, and how to spot it early."
    />
  );
}
