/** A start-up failure the user can act on; printed as one line, without a stack trace. */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}
