import type { NotificationChannels } from '../../domain/notifications/delivery';

export interface SentMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  text: string;
}

/**
 * Notification channels that keep what they were given, for API tests without an SMTP server: the account messages
 * (links, codes) can be read back, and nothing goes to a port another product on this machine may be listening on.
 */
export function recordingChannels(): NotificationChannels & {
  sent: SentMessage[];
  waitFor(match: (m: SentMessage) => boolean, timeoutMs?: number): Promise<SentMessage>;
} {
  const sent: SentMessage[] = [];
  let n = 0;
  return {
    sent,
    dashboardUrl: 'http://stockpulse.test/dashboard',
    mailer: {
      async send(email) {
        sent.push({ channel: 'email', to: email.to, subject: email.subject, text: email.text });
        return `<recorded-${++n}@stockpulse.test>`;
      },
      close() {},
    },
    sms: {
      real: false,
      async send(message) {
        sent.push({ channel: 'sms', to: message.to, subject: null, text: message.body });
        return `SMrecorded${++n}`;
      },
    },
    async waitFor(match, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = sent.findLast(match);
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(
            `no message matched within ${timeoutMs} ms; sent: ${JSON.stringify(sent.map((m) => [m.to, m.subject]))}`,
          );
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
}
