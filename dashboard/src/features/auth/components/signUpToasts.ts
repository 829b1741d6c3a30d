/** The sign-up's toasts: completion, and the failure title with the words shown when the server gives none. */
export const signUpSucceeded = { title: 'Welcome to StockPulse!', description: 'Your free trial has started. Welcome to the community!' } as const;
export const SIGN_UP_FAILED = { title: 'Account Creation Failed', fallback: 'Failed to create account' } as const;
