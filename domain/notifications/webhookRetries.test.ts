import { describe, expect, it } from 'vitest';
import { isPermanentWebhookFailure, WebhookRejected } from './webhookDelivery';
import { WebhookTargetRefused } from './webhookSender';

describe('which failed webhook attempts are retried', () => {
  it('retries server errors, timeouts (408), rate limits (429) and network errors', () => {
    for (const status of [500, 502, 503, 408, 429])
      expect(isPermanentWebhookFailure(new WebhookRejected(`HTTP ${status}`, status))).toBe(false);
    expect(isPermanentWebhookFailure(new Error('socket hang up'))).toBe(false);
  });

  it('does not retry another 4xx or a target whose address is refused', () => {
    for (const status of [400, 401, 403, 404, 410, 422])
      expect(isPermanentWebhookFailure(new WebhookRejected(`HTTP ${status}`, status))).toBe(true);
    expect(isPermanentWebhookFailure(new WebhookTargetRefused('resolves to 127.0.0.1'))).toBe(true);
  });
});
