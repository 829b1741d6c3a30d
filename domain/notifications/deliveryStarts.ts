/** A recorded notification: its row, and the idempotency key that names its send wherever it is started. */
export interface RecordedNotification {
  id: number;
  idempotencyKey: string;
}

/**
 * Starts the durable delivery of a recorded send: a workflow that attempts it and retries it, so a send started by a
 * request is recorded, retried and visible like an alert's. The entry point that holds the Temporal client implements
 * it (the domain does not know workflows); starting the same delivery twice starts it once.
 */
export interface DeliveryStarts {
  /** Starts delivering a recorded e-mail or SMS (a row of `notifications`, with the key it was recorded under). */
  notification(recorded: RecordedNotification): Promise<void>;
  /** Starts delivering a recorded webhook body (a row of `webhook_deliveries`). */
  webhook(id: number): Promise<void>;
}
