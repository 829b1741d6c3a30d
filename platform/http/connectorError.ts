/** A failure that names the platform and source; `retryable` false means retrying the same request cannot help (bad payload, bad credentials). */
export class ConnectorError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'ConnectorError';
  }
}
