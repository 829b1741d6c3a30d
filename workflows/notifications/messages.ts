import { escapeHtml } from '../../core/text/escapeHtml';

/** What a notification says. Rendered at delivery from the payload recorded with the notification. */

export const DISCLAIMER = 'StockPulse provides information for educational purposes only and is not financial advice.';

export interface AlertPayload {
  ticker: string;
  name: string;
  mentions: number;
  threshold: number;
  windowMinutes: number;
  sentiment: string;
  price: string | null;
  changePercent: string | null;
}

export interface DigestStock {
  ticker: string;
  name: string;
  mentions: number;
  sentiment: string;
  price: string | null;
}

export interface DigestPayload {
  weekEnding: string;
  alerted: DigestStock[];
  trending: DigestStock[];
}

export type NotificationContent =
  | { kind: 'alert'; payload: AlertPayload }
  | { kind: 'test'; payload: Record<string, never> }
  | { kind: 'digest'; payload: DigestPayload };

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const windowLabel = (minutes: number) => (minutes % 60 === 0 ? `${minutes / 60} hour${minutes === 60 ? '' : 's'}` : `${minutes} minutes`);
const priceLabel = (price: string | null, changePercent?: string | null) =>
  price === null ? 'n/a' : `$${price}${changePercent ? ` (${Number(changePercent) > 0 ? '+' : ''}${changePercent}%)` : ''}`;

function layout(title: string, bodyHtml: string, dashboardUrl: string): string {
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a;max-width:560px;margin:0 auto;padding:16px">
<h2 style="margin:0 0 12px">${escapeHtml(title)}</h2>
${bodyHtml}
<p><a href="${escapeHtml(dashboardUrl)}" style="display:inline-block;background:#2563eb;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">Open your dashboard</a></p>
<p style="font-size:12px;color:#64748b">${escapeHtml(DISCLAIMER)}</p>
</body></html>`;
}

export function renderEmail(content: NotificationContent, dashboardUrl: string): RenderedEmail {
  if (content.kind === 'alert') {
    const p = content.payload;
    const subject = `${p.ticker} alert: ${p.mentions.toLocaleString('en-US')} mentions (threshold ${p.threshold.toLocaleString('en-US')})`;
    const facts: Array<[string, string]> = [
      ['Stock', `${p.ticker} · ${p.name}`],
      [`Mentions (last ${windowLabel(p.windowMinutes)})`, p.mentions.toLocaleString('en-US')],
      ['Your threshold', p.threshold.toLocaleString('en-US')],
      ['Sentiment', p.sentiment],
      ['Price', priceLabel(p.price, p.changePercent)],
    ];
    const text = [
      `${p.ticker} (${p.name}) has passed your mention alert.`,
      '',
      ...facts.map(([k, v]) => `${k}: ${v}`),
      '',
      `Dashboard: ${dashboardUrl}`,
      '',
      DISCLAIMER,
    ].join('\n');
    const rows = facts.map(([k, v]) => `<tr><td style="padding:4px 12px 4px 0;color:#64748b">${escapeHtml(k)}</td><td style="padding:4px 0"><strong>${escapeHtml(v)}</strong></td></tr>`).join('');
    const html = layout(`${p.ticker} passed your mention alert`, `<table style="border-collapse:collapse">${rows}</table>`, dashboardUrl);
    return { subject, text, html };
  }
  if (content.kind === 'test') {
    const line = 'This is a test message from StockPulse. Your alert e-mails will reach this address.';
    return {
      subject: 'StockPulse test email',
      text: `${line}\n\nDashboard: ${dashboardUrl}\n\n${DISCLAIMER}`,
      html: layout('Your e-mail notifications work', `<p>${escapeHtml(line)}</p>`, dashboardUrl),
    };
  }
  const p = content.payload;
  const list = (title: string, stocks: DigestStock[]) => ({
    text: [`${title}:`, ...(stocks.length ? stocks.map((s) => `- ${s.ticker} (${s.name}): ${s.mentions.toLocaleString('en-US')} mentions, ${s.sentiment}, ${priceLabel(s.price)}`) : ['- none this week'])].join('\n'),
    html: `<h3 style="margin:16px 0 6px">${escapeHtml(title)}</h3><ul>${
      stocks.length
        ? stocks.map((s) => `<li><strong>${escapeHtml(s.ticker)}</strong> ${escapeHtml(s.name)}: ${s.mentions.toLocaleString('en-US')} mentions, ${escapeHtml(s.sentiment)}, ${escapeHtml(priceLabel(s.price))}</li>`).join('')
        : '<li>None this week</li>'
    }</ul>`,
  });
  const alerted = list('Your alerted stocks', p.alerted);
  const trending = list('Trending this week', p.trending);
  return {
    subject: `Your StockPulse weekly digest (week ending ${p.weekEnding})`,
    text: [`StockPulse weekly digest, week ending ${p.weekEnding}`, '', alerted.text, '', trending.text, '', `Dashboard: ${dashboardUrl}`, '', DISCLAIMER].join('\n'),
    html: layout(`Weekly digest, week ending ${p.weekEnding}`, alerted.html + trending.html, dashboardUrl),
  };
}

/** SMS text: short, one message where possible, with the dashboard link. */
export function renderSms(content: NotificationContent, dashboardUrl: string): string {
  if (content.kind === 'alert') {
    const p = content.payload;
    return `StockPulse: ${p.ticker} has ${p.mentions} mentions in ${windowLabel(p.windowMinutes)} (threshold ${p.threshold}), ${p.sentiment}, ${priceLabel(p.price)}. ${dashboardUrl} Not financial advice.`;
  }
  if (content.kind === 'test') return `StockPulse test message. ${dashboardUrl}`;
  return `StockPulse weekly digest is in your inbox. ${dashboardUrl}`;
}
