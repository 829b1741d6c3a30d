import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { saveOutboxMessage } from '../../warehouse/postgres/outboxMessages';

export interface SmtpCapture {
  port: number;
  stop(): Promise<void>;
}

/**
 * The embedded-mode mail server: a real SMTP server (smtp-server) on localhost that accepts every message and stores it
 * in the Postgres outbox, where the admin reads it. Nothing is relayed onwards.
 */
export async function startSmtpCapture(options: { db: Knex; port: number; host?: string }): Promise<SmtpCapture> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 5 * 1024 * 1024,
    // Pooled senders keep connections open; on stop they are given a second, not the default 30.
    closeTimeout: 1000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', callback);
      stream.on('end', () => {
        storeMessage(options.db, Buffer.concat(chunks), session.envelope)
          .then(() => callback())
          .catch((err: Error) => callback(err));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Envelope = { mailFrom: false | { address: string }; rcptTo: { address: string }[] };

async function storeMessage(db: Knex, raw: Buffer, envelope: Envelope): Promise<void> {
  const email = await PostalMime.parse(raw);
  await saveOutboxMessage(db, {
    channel: 'email',
    from: email.from?.address ?? (envelope.mailFrom ? envelope.mailFrom.address : ''),
    to: envelope.rcptTo.map((r) => r.address),
    subject: email.subject ?? null,
    text: email.text ?? '',
    html: email.html ?? null,
    messageId: email.messageId ?? null,
  });
}
