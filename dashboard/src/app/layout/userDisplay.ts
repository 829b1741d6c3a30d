import { isSubscribedStatus, type PublicUser } from '@core/contracts/user';

/** First and last name, or null when the user gave neither. */
export function nameOf(user: PublicUser): string | null {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || null;
}

export function initialsOf(user: PublicUser): string {
  const fromName = [user.firstName, user.lastName].map((part) => part?.trim()[0] ?? '').join('');
  return (fromName || user.username?.[0] || user.email[0] || '?').toUpperCase();
}

/** Trialing (or the admin's "trial") or active turns the menu link into "Manage Subscription". */
export function hasSubscription(user: PublicUser): boolean {
  return isSubscribedStatus(user.subscriptionStatus);
}
