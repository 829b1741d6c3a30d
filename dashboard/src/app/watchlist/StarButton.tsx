import { getErrorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { Icon } from '../../ui/Icon';
import { showToast } from '../toast/showToast';
import { useWatchlist } from './useWatchlist';

/** The star that adds a stock to the user's watchlist or takes it off (a toggle button: aria-pressed). */
export function StarButton({ ticker, className }: { ticker: string; className?: string }) {
  const { tickers, toggle } = useWatchlist();
  const starred = tickers.has(ticker);
  return (
    <button
      type="button"
      aria-pressed={starred}
      aria-label={starred ? `Remove ${ticker} from watchlist` : `Add ${ticker} to watchlist`}
      title={starred ? 'On your watchlist' : 'Add to watchlist'}
      onClick={() =>
        toggle(ticker).catch((error: unknown) =>
          showToast({ title: 'Watchlist not saved', description: getErrorMessage(error), variant: 'destructive' }),
        )
      }
      className={cn(
        'relative z-10 rounded p-1 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500',
        starred ? 'text-amber-500 [&_path]:fill-current' : 'text-slate-400 hover:text-amber-500',
        className,
      )}
    >
      <Icon name="star" />
    </button>
  );
}
