import type { Stock } from '@core/contracts/stocks';
import { Card } from '../../../ui/Card';
import { Icon, type IconName } from '../../../ui/Icon';
import { summaryCards } from '../model/stockMetrics';

const icons: IconName[] = ['messageCircle', 'trendingUp', 'bell', 'activity'];

/** The four summary cards; Trending Stocks counts the stocks trending now (GET /api/trending-now). */
export function SummaryCards({ stocks, trendingNow }: { stocks: readonly Stock[]; trendingNow: number | null }) {
  const cards = summaryCards(stocks, trendingNow);
  return (
    <section aria-labelledby="summary-heading">
      <h2 id="summary-heading" className="sr-only">
        Summary
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {cards.map((card, i) => (
          <Card key={card.title} className="p-5">
            <div className="flex items-center justify-between">
              <h3 className="text-sm font-medium text-slate-600 dark:text-slate-400">{card.title}</h3>
              <Icon name={icons[i] ?? 'activity'} className="h-4 w-4 text-slate-400" />
            </div>
            <p className="mt-2 text-2xl font-bold text-slate-900 dark:text-white">{card.value}</p>
            <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{card.caption}</p>
          </Card>
        ))}
      </div>
    </section>
  );
}
