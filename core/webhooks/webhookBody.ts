import type { WebhookBody, WebhookFormat } from '../contracts/webhooks';

const windowLabel = (minutes: number) => (minutes % 60 === 0 ? `${minutes / 60}h` : `${minutes} min`);
const priceText = (price: number | null) => (price === null ? 'no price yet' : `$${price.toFixed(2)}`);

function summary(b: WebhookBody): string {
  if (b.event === 'webhook.test')
    return 'StockPulse test webhook: your target is reached and the signature can be checked.';
  const threshold = b.threshold === null ? '' : ` (threshold ${b.threshold})`;
  return `${b.ticker} ${b.kind} alert: ${b.count} mentions in ${windowLabel(b.windowMinutes)}${threshold}, price ${priceText(b.priceAtFire)}`;
}

/**
 * The body sent for one format: our JSON as it is, Slack's incoming webhook `{text, blocks}`, or Discord's
 * `{content, embeds}`. The chat formats carry the same facts as text, with the no-advice note.
 */
export function webhookBodyFor(format: WebhookFormat, body: WebhookBody): unknown {
  if (format === 'json') return body;
  const text = summary(body);
  const note = 'Information only, not financial advice.';
  if (format === 'slack') {
    return {
      text,
      blocks: [
        { type: 'section', text: { type: 'mrkdwn', text: `*${text}*` } },
        {
          type: 'context',
          elements: [
            { type: 'mrkdwn', text: `<${body.links.dashboard}|Open StockPulse> · fired ${body.firedAt} · ${note}` },
          ],
        },
      ],
    };
  }
  return {
    content: text,
    embeds: [
      {
        title: `${body.ticker} · ${body.name}`,
        url: body.links.dashboard,
        description: note,
        timestamp: body.firedAt,
        fields: [
          { name: 'Mentions', value: String(body.count), inline: true },
          { name: 'Window', value: windowLabel(body.windowMinutes), inline: true },
          { name: 'Price', value: priceText(body.priceAtFire), inline: true },
        ],
      },
    ],
  };
}
