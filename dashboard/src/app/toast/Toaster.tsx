import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { cn } from '../../lib/cn';
import { Icon } from '../../ui/Icon';
import { useToast } from './useToast';

const subscribeToNothing = () => () => undefined;

/**
 * Renders the current toast in a live region at the bottom-right corner. The region is a child of <body>, outside the
 * app's root, so a toast shown while a modal dialog is open (which hides the app's root from assistive technology)
 * is still announced and can be dismissed. It mounts after hydration: pre-rendered pages carry no toast.
 */
export function Toaster() {
  const hydrated = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  return hydrated ? createPortal(<ToastRegion />, document.body) : null;
}

function ToastRegion() {
  const { toasts, dismiss } = useToast();
  const visible = toasts.filter((t) => t.open);

  return (
    <div
      role="region"
      aria-label="Notifications"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-end gap-2 p-4 sm:inset-x-auto sm:right-0 sm:w-full sm:max-w-sm"
    >
      {visible.map((t) => {
        const destructive = t.variant === 'destructive';
        return (
          <div
            key={t.id}
            role="status"
            aria-live={destructive ? 'assertive' : 'polite'}
            aria-atomic="true"
            className={cn(
              'pointer-events-auto flex w-full items-start gap-3 rounded-lg border p-4 shadow-lg',
              destructive
                ? 'border-red-700 bg-red-600 text-white'
                : 'border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
            )}
          >
            <div className="min-w-0 flex-1">
              <p className="text-sm font-semibold">{t.title}</p>
              {t.description && (
                <p
                  className={cn(
                    'mt-1 text-sm break-words',
                    destructive ? 'text-red-50' : 'text-slate-600 dark:text-slate-300',
                  )}
                >
                  {t.description}
                </p>
              )}
            </div>
            <button
              type="button"
              onClick={() => dismiss(t.id)}
              aria-label="Dismiss notification"
              className={cn(
                'rounded-md p-1 opacity-80 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2',
                destructive ? 'focus-visible:ring-white' : 'focus-visible:ring-blue-500',
              )}
            >
              <Icon name="x" />
            </button>
          </div>
        );
      })}
    </div>
  );
}
