import type { Database } from '../../platform/database';

/** One message the product sent without a real provider: an e-mail caught by the SMTP capture, or an SMS without Twilio. */
export interface OutboxMessage {
  id: number;
  channel: 'email' | 'sms';
  from: string;
  to: string[];
  subject: string | null;
  text: string;
  html: string | null;
  messageId: string | null;
  receivedAt: string;
}

export type NewOutboxMessage = Omit<OutboxMessage, 'id' | 'receivedAt'>;

export async function saveOutboxMessage(db: Database, message: NewOutboxMessage): Promise<number> {
  const [row] = await db('outbox_messages')
    .insert({
      channel: message.channel,
      sender: message.from,
      recipients: message.to,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html,
      message_id: message.messageId,
    })
    .returning<{ id: string }[]>('id');
  return Number(row!.id);
}

/** The outbox newest first, one page at a time. */
export async function listOutbox(
  db: Database,
  options: { page: number; limit: number },
): Promise<{ messages: OutboxMessage[]; total: number; totalPages: number }> {
  const [counted] = await db('outbox_messages').count<{ count: string }[]>({ count: '*' });
  const rows = await db('outbox_messages')
    .orderBy([
      { column: 'received_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(options.limit)
    .offset((options.page - 1) * options.limit);
  const total = Number(counted?.count ?? 0);
  return {
    total,
    totalPages: Math.max(1, Math.ceil(total / options.limit)),
    messages: rows.map((r) => ({
      id: Number(r.id),
      channel: r.channel,
      from: r.sender,
      to: r.recipients,
      subject: r.subject,
      text: r.text_body,
      html: r.html_body,
      messageId: r.message_id,
      receivedAt: new Date(r.received_at).toISOString(),
    })),
  };
}
