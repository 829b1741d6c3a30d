import { showToast } from '../toast/showToast';

/** The redirect after an unauthorised error waits 500 ms. */
export const LOGIN_REDIRECT_DELAY_MS = 500;
export const LOGIN_URL = '/api/login';

/** Full-page navigation to the server login redirect; an object so tests can replace it. */
export const loginRedirect = {
  go(): void {
    window.location.href = LOGIN_URL;
  },
};

/** After an unauthorised alert or subscription call, the logout toast, then /api/login after 500 ms. */
export function handleUnauthorized(): void {
  showToast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
  setTimeout(() => loginRedirect.go(), LOGIN_REDIRECT_DELAY_MS);
}
