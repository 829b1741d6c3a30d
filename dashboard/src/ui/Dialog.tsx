import { Description, Dialog as HeadlessDialog, DialogPanel, DialogTitle, CloseButton } from '@headlessui/react';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Icon } from './Icon';

type DialogSize = 'md' | 'lg' | 'xl';

const sizes: Record<DialogSize, string> = {
  md: 'max-w-md',
  lg: 'max-w-2xl',
  xl: 'max-w-4xl',
};

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  size?: DialogSize;
  children: ReactNode;
}

/**
 * A modal dialog: Headless UI's Dialog, styled here. The library gives role="dialog", aria-modal, the title and
 * description links, the focus trap, Escape and outside clicks to close, the page behind made inert and unscrollable,
 * and focus returned to the opener. On open it focuses the element marked `data-autofocus`, else the first focusable
 * one. Children unmount when closed, so a form inside starts from its defaults each time.
 */
export function Dialog({ open, onClose, title, description, size = 'md', children }: DialogProps) {
  return (
    // The dialog element itself covers the window (so it has a box, and a browser test sees it), centred by auto
    // margins, not align-items: a dialog taller than the window then starts at its top and scrolls, instead of
    // overflowing above it out of reach.
    <HeadlessDialog
      open={open}
      onClose={onClose}
      className="fixed inset-0 z-40 flex items-start justify-center overflow-y-auto p-4"
    >
      <div aria-hidden="true" className="fixed inset-0 bg-slate-950/60" />
      <DialogPanel
        className={cn(
          'relative z-10 my-8 w-full rounded-xl border border-slate-200 bg-white p-6 shadow-xl focus:outline-none sm:my-auto',
          'dark:border-slate-700 dark:bg-slate-900',
          sizes[size],
        )}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <div className="min-w-0">
            <DialogTitle as="h2" className="text-lg font-semibold text-slate-900 dark:text-white">
              {title}
            </DialogTitle>
            {description && (
              <Description as="div" className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                {description}
              </Description>
            )}
          </div>
          <CloseButton
            aria-label="Close dialog"
            className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 dark:hover:bg-slate-800 dark:hover:text-white"
          >
            <Icon name="x" className="h-5 w-5" />
          </CloseButton>
        </div>
        {children}
      </DialogPanel>
    </HeadlessDialog>
  );
}
