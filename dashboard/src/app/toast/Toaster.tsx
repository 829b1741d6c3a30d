import { useEffect, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { loadedSonner, loadSonner, subscribeToSonner } from './loadSonner';
import { TOAST_DURATION_MS } from './showToast';

const subscribeToNothing = () => () => undefined;

/** What a visitor does before a toast can follow: sonner is fetched then, so its region is in place when it does. */
const FIRST_ACTIONS = ['pointerdown', 'keydown', 'focusin'] as const;

const REGION_NAME = 'Notifications';
/** sonner's label for its region: the name and its hotkey (alt+T), which focuses the toasts. */
const REGION_LABEL = `${REGION_NAME} alt+T`;

// sonner's own stylesheet fades a toast in over 0.4 s; `transition-none!` shows it at once, as before, so its text
// never sits half-transparent (and below the contrast it must keep) while it is read.
const TOAST_CLASSES = {
  toast: 'transition-none! pointer-events-auto flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg',
  default: 'border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
  error: 'border-red-700 bg-red-600 text-white',
  content: 'min-w-0 flex-1',
  title: 'text-sm font-semibold',
  // The description of an error toast is near-white on red; of any other, muted grey.
  description:
    'mt-1 text-sm break-words text-slate-600 dark:text-slate-300 in-data-[type=error]:text-red-50 dark:in-data-[type=error]:text-red-50',
  icon: 'hidden',
  closeButton:
    'absolute top-3 right-3 rounded-md p-1 opacity-80 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 in-data-[type=error]:focus-visible:ring-white',
};

/**
 * sonner's toaster at the bottom-right corner, in a live region labelled "Notifications", styled with our Tailwind
 * classes. It is a child of <body>, outside the app's root, so a toast shown while a modal dialog is open (which hides
 * the app's root from assistive technology) is still announced and can be dismissed. It mounts after hydration:
 * pre-rendered pages carry no toast. Until sonner has loaded (on the visitor's first action, or the first toast), an
 * empty region with the same label and live setting stands in for it, so the region is there from hydration on.
 */
export function Toaster() {
  const hydrated = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  const sonner = useSyncExternalStore(subscribeToSonner, loadedSonner, () => undefined);

  useEffect(() => {
    if (sonner) return;
    const load = () => void loadSonner().catch(() => undefined);
    for (const type of FIRST_ACTIONS) window.addEventListener(type, load, { capture: true, once: true, passive: true });
    return () => {
      for (const type of FIRST_ACTIONS) window.removeEventListener(type, load, { capture: true });
    };
  }, [sonner]);

  if (!hydrated) return null;
  return createPortal(
    sonner ? (
      <sonner.Toaster
        position="bottom-right"
        visibleToasts={1}
        duration={TOAST_DURATION_MS}
        closeButton
        containerAriaLabel={REGION_NAME}
        toastOptions={{ unstyled: true, classNames: TOAST_CLASSES, closeButtonAriaLabel: 'Dismiss notification' }}
      />
    ) : (
      <section
        aria-label={REGION_LABEL}
        tabIndex={-1}
        aria-live="polite"
        aria-relevant="additions text"
        aria-atomic="false"
      />
    ),
    document.body,
  );
}
