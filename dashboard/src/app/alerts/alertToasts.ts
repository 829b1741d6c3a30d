import { isUnauthorizedError } from '../../lib/api';
import { handleUnauthorized } from '../session/unauthorizedRedirect';
import { showToast } from '../toast/showToast';

export const alertSucceeded = (description: string) => showToast({ title: 'Success', description });

/** A failed alert call: signed out → the logout toast and /api/login; anything else → "Error" with `description`. */
export const alertFailed = (description: string) => (error: unknown) => {
  if (isUnauthorizedError(error)) return handleUnauthorized();
  showToast({ title: 'Error', description, variant: 'destructive' });
};
