import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { Toaster as SonnerToaster } from 'sonner';
import { TOAST_DURATION_MS } from './showToast';

const subscribeToNothing = () => () => undefined;

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
 * pre-rendered pages carry no toast.
 */
export function Toaster() {
  const hydrated = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  return hydrated
    ? createPortal(
        <SonnerToaster
          position="bottom-right"
          visibleToasts={1}
          duration={TOAST_DURATION_MS}
          closeButton
          containerAriaLabel="Notifications"
          toastOptions={{ unstyled: true, classNames: TOAST_CLASSES, closeButtonAriaLabel: 'Dismiss notification' }}
        />,
        document.body,
      )
    : null;
}
