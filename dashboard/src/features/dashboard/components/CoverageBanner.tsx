import { cn } from '../../../lib/cn';
import { Icon, type IconName } from '../../../ui/Icon';
import { coverageBanner, type CoverageLevel } from '../model/coverage';

const styles: Record<CoverageLevel, { box: string; icon: IconName; iconClass: string }> = {
  full: {
    box: 'border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-500/30 dark:bg-emerald-500/10 dark:text-emerald-200',
    icon: 'checkCircle',
    iconClass: 'text-emerald-600 dark:text-emerald-400',
  },
  partial: {
    box: 'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200',
    icon: 'alertTriangle',
    iconClass: 'text-amber-600 dark:text-amber-400',
  },
  none: {
    box: 'border-blue-200 bg-blue-50 text-blue-900 dark:border-blue-500/30 dark:bg-blue-500/10 dark:text-blue-200',
    icon: 'zap',
    iconClass: 'text-blue-600 dark:text-blue-400',
  },
};

/** Full (3), partial (1–2) or ready to connect (0). */
export function CoverageBanner({ connected, max }: { connected: number; max: number }) {
  const banner = coverageBanner(connected, max);
  const style = styles[banner.level];
  return (
    <section aria-label="Platform coverage" className={cn('flex items-start gap-3 rounded-xl border p-4', style.box)}>
      <Icon name={style.icon} className={cn('mt-0.5 h-5 w-5 shrink-0', style.iconClass)} />
      <div>
        <p className="font-semibold">{banner.title}</p>
        <p className="text-sm opacity-90">{banner.message}</p>
      </div>
    </section>
  );
}
