/** The sign-up's toasts: sent (the e-mail finishes it), and the failure title with the words shown when the server gives none. */
export const signUpSent = {
  title: 'Check your e-mail',
  description: 'Open the link we sent you to finish creating your account.',
} as const;
export const SIGN_UP_FAILED = { title: 'Account Creation Failed', fallback: 'Failed to create account' } as const;
