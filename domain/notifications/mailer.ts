import nodemailer from 'nodemailer';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Resolves with the Message-ID once the SMTP server has accepted the message; rejects when it has not. */
  send(email: OutgoingEmail): Promise<string>;
  close(): void;
}

/**
 * E-mail over SMTP with nodemailer: `SMTP_URL`, or the in-process capture on localhost in embedded mode. Pooled: a burst
 * of alerts reuses a few open connections instead of one handshake per message.
 */
export function createMailer(options: { smtpUrl: string; from: string }): Mailer {
  const transport = nodemailer.createTransport({ url: options.smtpUrl, pool: true, maxConnections: 5 });
  return {
    async send(email) {
      const info = await transport.sendMail({ from: options.from, ...email });
      return info.messageId;
    },
    close: () => transport.close(),
  };
}

/** The SMTP URL the product sends through: SMTP_URL, else the in-process capture. */
export const smtpUrlFor = (env: { SMTP_URL?: string; SMTP_CAPTURE_PORT: number }) =>
  env.SMTP_URL ?? `smtp://127.0.0.1:${env.SMTP_CAPTURE_PORT}`;
