import { getErrorMessage } from '../../lib/api';
import { showToast } from './showToast';

/** The usual failure toast: `title`, and the server's message (or `fallback` when there is none to show). */
export const errorToast =
  (title: string, fallback?: string) =>
  (error: unknown): void => {
    showToast({ title, description: getErrorMessage(error, fallback), variant: 'destructive' });
  };
