import type { AlertKind } from '../../core/contracts/alerts';
import { escapeHtml } from '../../core/text/escapeHtml';

/** What a notification says. Rendered at delivery from the payload recorded with the notification. */

export const DISCLAIMER = 'StockPulse provides information for educational purposes only and is not financial advice.';

export interface AlertPayload {
  /** Absent on messages recorded before alerts had kinds: a threshold alert. */
  kind?: AlertKind;
  ticker: string;
  name: string;
  mentions: number;
  /** The threshold alert's threshold (null for other kinds). */
  threshold: number | null;
  windowMinutes: number;
  sentiment: string;
  price: string | null;
  changePercent: string | null;
  /** A spike's usual mentions for the window and its factor. */
  baseline?: number;
  spikeFactor?: number;
  /** A sentiment flip: the majority before and now, and the window's bullish and bearish mentions. */
  from?: string;
  to?: string;
  bullish?: number;
  bearish?: number;
  /** A new trend's trend score. */
  trendScore?: number;
}

/** Alert messages held by quiet hours or the hourly cap, sent together. */
export interface AlertDigestPayload {
  alerts: AlertPayload[];
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

/**
 * An account message: a verification or reset link, or a phone code. The link and the code are secrets: they are
 * rendered into the message but never stored with the notification (its row keeps only the purpose).
 */
export interface AccountPayload {
  purpose: 'verify_email' | 'change_email' | 'reset_password' | 'verify_phone' | 'signup_attempt';
  link?: string;
  code?: string;
}

/** A reminder that a card-free trial ends in daysLeft days (0: today, and alerts stop). */
export interface TrialPayload {
  daysLeft: number;
  trialEndDate: string;
  subscribeUrl: string;
}

export type NotificationContent =
  | { kind: 'alert'; payload: AlertPayload }
  | { kind: 'alert_digest'; payload: AlertDigestPayload }
  | { kind: 'test'; payload: Record<string, never> }
  | { kind: 'digest'; payload: DigestPayload }
  | { kind: 'account'; payload: AccountPayload }
  | { kind: 'trial'; payload: TrialPayload };

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const windowLabel = (minutes: number) =>
  minutes % 60 === 0 ? `${minutes / 60} hour${minutes === 60 ? '' : 's'}` : `${minutes} minutes`;
const priceLabel = (price: string | null, changePercent?: string | null) =>
  price === null
    ? 'n/a'
    : `$${price}${changePercent ? ` (${Number(changePercent) > 0 ? '+' : ''}${changePercent}%)` : ''}`;

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
    const { subject, intro, facts } = alertSummary(p);
    const text = [
      intro,
      '',
      ...facts.map(([k, v]) => `${k}: ${v}`),
      '',
      `Dashboard: ${dashboardUrl}`,
      '',
      DISCLAIMER,
    ].join('\n');
    const rows = facts
      .map(
        ([k, v]) =>
          `<tr><td style="padding:4px 12px 4px 0;color:#64748b">${escapeHtml(k)}</td><td style="padding:4px 0"><strong>${escapeHtml(v)}</strong></td></tr>`,
      )
      .join('');
    const html = layout(
      intro.replace(/\.$/, ''),
      `<table style="border-collapse:collapse">${rows}</table>`,
      dashboardUrl,
    );
    return { subject, text, html };
  }
  if (content.kind === 'alert_digest') {
    const shown = content.payload.alerts.slice(0, DIGEST_LISTED);
    const more = content.payload.alerts.length - shown.length;
    const lines = shown.map((a) => alertSummary(a).subject);
    if (more > 0) lines.push(`…and ${more} more`);
    const count = content.payload.alerts.length;
    const intro = `${count} alert${count === 1 ? '' : 's'} held by your quiet hours or hourly limit:`;
    return {
      subject: `StockPulse: ${count} alert${count === 1 ? '' : 's'} held for you`,
      text: [intro, '', ...lines.map((l) => `- ${l}`), '', `Dashboard: ${dashboardUrl}`, '', DISCLAIMER].join('\n'),
      html: layout(
        `${count} alert${count === 1 ? '' : 's'} held for you`,
        `<p>${escapeHtml(intro)}</p><ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`,
        dashboardUrl,
      ),
    };
  }
  if (content.kind === 'test') {
    const line = 'This is a test message from StockPulse. Your alert e-mails will reach this address.';
    return {
      subject: 'StockPulse test email',
      text: `${line}\n\nDashboard: ${dashboardUrl}\n\n${DISCLAIMER}`,
      html: layout('Your e-mail notifications work', `<p>${escapeHtml(line)}</p>`, dashboardUrl),
    };
  }
  if (content.kind === 'account') return renderAccountEmail(content.payload, dashboardUrl);
  if (content.kind === 'trial') return renderTrialEmail(content.payload, dashboardUrl);
  const p = content.payload;
  const list = (title: string, stocks: DigestStock[]) => ({
    text: [
      `${title}:`,
      ...(stocks.length
        ? stocks.map(
            (s) =>
              `- ${s.ticker} (${s.name}): ${s.mentions.toLocaleString('en-US')} mentions, ${s.sentiment}, ${priceLabel(s.price)}`,
          )
        : ['- none this week']),
    ].join('\n'),
    html: `<h3 style="margin:16px 0 6px">${escapeHtml(title)}</h3><ul>${
      stocks.length
        ? stocks
            .map(
              (s) =>
                `<li><strong>${escapeHtml(s.ticker)}</strong> ${escapeHtml(s.name)}: ${s.mentions.toLocaleString('en-US')} mentions, ${escapeHtml(s.sentiment)}, ${escapeHtml(priceLabel(s.price))}</li>`,
            )
            .join('')
        : '<li>None this week</li>'
    }</ul>`,
  });
  const alerted = list('Your alerted stocks', p.alerted);
  const trending = list('Trending this week', p.trending);
  return {
    subject: `Your StockPulse weekly digest (week ending ${p.weekEnding})`,
    text: [
      `StockPulse weekly digest, week ending ${p.weekEnding}`,
      '',
      alerted.text,
      '',
      trending.text,
      '',
      `Dashboard: ${dashboardUrl}`,
      '',
      DISCLAIMER,
    ].join('\n'),
    html: layout(`Weekly digest, week ending ${p.weekEnding}`, alerted.html + trending.html, dashboardUrl),
  };
}

/** Alerts listed one by one in a digest e-mail; the rest are counted. */
const DIGEST_LISTED = 50;
const count = (n: number) => n.toLocaleString('en-US');

/** What one alert says, by kind: the subject, the opening line, the facts listed, and the SMS's core. */
function alertSummary(p: AlertPayload): {
  subject: string;
  intro: string;
  facts: Array<[string, string]>;
  sms: string;
} {
  const window = `last ${windowLabel(p.windowMinutes)}`;
  const common: Array<[string, string]> = [['Stock', `${p.ticker} · ${p.name}`]];
  const tail: Array<[string, string]> = [
    ['Sentiment', p.sentiment],
    ['Price', priceLabel(p.price, p.changePercent)],
  ];
  switch (p.kind ?? 'threshold') {
    case 'spike': {
      const ratio = p.baseline ? `${(p.mentions / p.baseline).toFixed(1)}×` : 'far above';
      return {
        subject: `${p.ticker} spike: ${count(p.mentions)} mentions, ${ratio} its usual ${count(Math.round((p.baseline ?? 0) * 10) / 10)}`,
        intro: `${p.ticker} (${p.name}) is mentioned far more than usual.`,
        facts: [
          ...common,
          [`Mentions (${window})`, count(p.mentions)],
          ['Usual for this time of day (7-day mean)', count(Math.round((p.baseline ?? 0) * 10) / 10)],
          ['Your spike factor', `${p.spikeFactor ?? ''}×`],
          ...tail,
        ],
        sms: `${p.ticker} spike, ${p.mentions} mentions in ${windowLabel(p.windowMinutes)} (${ratio} usual), ${p.sentiment}`,
      };
    }
    case 'sentiment_flip':
      return {
        subject: `${p.ticker} sentiment flipped from ${p.from} to ${p.to}`,
        intro: `${p.ticker} (${p.name}) sentiment flipped from ${p.from} to ${p.to}.`,
        facts: [
          ...common,
          [`Mentions (${window})`, count(p.mentions)],
          ['Bullish / bearish', `${count(p.bullish ?? 0)} / ${count(p.bearish ?? 0)}`],
          ['Price', priceLabel(p.price, p.changePercent)],
        ],
        sms: `${p.ticker} sentiment flipped ${p.from} → ${p.to} (${p.bullish ?? 0} bullish, ${p.bearish ?? 0} bearish in ${windowLabel(p.windowMinutes)})`,
      };
    case 'new_trend':
      return {
        subject: `${p.ticker} is trending (trend score ${p.trendScore ?? 0})`,
        intro: `${p.ticker} (${p.name}) entered the trending stocks.`,
        facts: [...common, ['Trend score', String(p.trendScore ?? 0)], ...tail],
        sms: `${p.ticker} is trending (score ${p.trendScore ?? 0}), ${p.sentiment}`,
      };
    default:
      return {
        subject: `${p.ticker} alert: ${count(p.mentions)} mentions (threshold ${count(p.threshold ?? 0)})`,
        intro: `${p.ticker} (${p.name}) has passed your mention alert.`,
        facts: [
          ...common,
          [`Mentions (${window})`, count(p.mentions)],
          ['Your threshold', count(p.threshold ?? 0)],
          ...tail,
        ],
        sms: `${p.ticker} has ${p.mentions} mentions in ${windowLabel(p.windowMinutes)} (threshold ${p.threshold}), ${p.sentiment}`,
      };
  }
}

/** SMS text: short, one message where possible, with the dashboard link. */
export function renderSms(content: NotificationContent, dashboardUrl: string): string {
  if (content.kind === 'alert')
    return `StockPulse: ${alertSummary(content.payload).sms}, ${priceLabel(content.payload.price)}. ${dashboardUrl} Not financial advice.`;
  if (content.kind === 'alert_digest') {
    const tickers = [...new Set(content.payload.alerts.map((a) => a.ticker))];
    const listed = tickers.slice(0, 8).join(', ') + (tickers.length > 8 ? ` +${tickers.length - 8}` : '');
    return `StockPulse: ${content.payload.alerts.length} held alerts (${listed}). ${dashboardUrl}`;
  }
  if (content.kind === 'test') return `StockPulse test message. ${dashboardUrl}`;
  if (content.kind === 'account')
    return `StockPulse verification code: ${content.payload.code ?? ''}. It expires in 10 minutes. If you did not ask for it, ignore this message.`;
  if (content.kind === 'trial')
    return `StockPulse: your free trial ends ${content.payload.daysLeft === 0 ? 'today' : `in ${content.payload.daysLeft} days`}. ${content.payload.subscribeUrl}`;
  return `StockPulse weekly digest is in your inbox. ${dashboardUrl}`;
}

const ACCOUNT_EMAILS: Record<
  Exclude<AccountPayload['purpose'], 'verify_phone'>,
  { subject: string; title: string; line: string; action: string; expiry: string }
> = {
  verify_email: {
    subject: 'Verify your StockPulse e-mail address',
    title: 'Confirm your e-mail address',
    line: 'Confirm this address to receive your StockPulse alerts here.',
    action: 'Verify e-mail address',
    expiry: 'The link works once, for 24 hours.',
  },
  change_email: {
    subject: 'Confirm your new StockPulse e-mail address',
    title: 'Confirm your new e-mail address',
    line: 'Someone (hopefully you) asked to use this address for a StockPulse account. Your account changes to it once you confirm.',
    action: 'Confirm new address',
    expiry: 'The link works once, for 24 hours.',
  },
  signup_attempt: {
    subject: 'Someone tried to sign up with your StockPulse address',
    title: 'You already have an account',
    line: 'Someone tried to sign up for StockPulse with this address, which already has an account. If it was you, sign in, or choose "Forgot password?" on the sign-in page to reset your password.',
    action: 'Sign in',
    expiry: 'No new account was created, and your account did not change.',
  },
  reset_password: {
    subject: 'Reset your StockPulse password',
    title: 'Reset your password',
    line: 'Choose a new password for your StockPulse account. Resetting it signs you out everywhere.',
    action: 'Choose a new password',
    expiry: 'The link works once, for 1 hour.',
  },
};

function renderAccountEmail(p: AccountPayload, dashboardUrl: string): RenderedEmail {
  const m = ACCOUNT_EMAILS[p.purpose === 'verify_phone' ? 'verify_email' : p.purpose];
  const link = p.link ?? '';
  const ignore =
    p.purpose === 'signup_attempt'
      ? 'If it was not you, you can ignore this e-mail.'
      : 'If you did not ask for this, ignore this e-mail: nothing changes.';
  return {
    subject: m.subject,
    text: [m.line, '', `${m.action}: ${link}`, '', m.expiry, ignore, '', DISCLAIMER].join('\n'),
    html: layout(
      m.title,
      `<p>${escapeHtml(m.line)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(m.action)}</a></p><p style="font-size:13px;color:#64748b">${escapeHtml(m.expiry)} ${escapeHtml(ignore)}</p>`,
      dashboardUrl,
    ),
  };
}

function renderTrialEmail(p: TrialPayload, dashboardUrl: string): RenderedEmail {
  const when = p.daysLeft === 0 ? 'today' : `in ${p.daysLeft} days (${p.trialEndDate.slice(0, 10)})`;
  const line =
    p.daysLeft === 0
      ? 'Your StockPulse free trial ends today. Your alerts stop with it; subscribe to Pro to keep them.'
      : `Your StockPulse free trial ends ${when}. Subscribe to Pro to keep your alerts running.`;
  return {
    subject: p.daysLeft === 0 ? 'Your StockPulse trial ends today' : `Your StockPulse trial ends in ${p.daysLeft} days`,
    text: [line, '', `Subscribe: ${p.subscribeUrl}`, '', DISCLAIMER].join('\n'),
    html: layout(
      `Your free trial ends ${p.daysLeft === 0 ? 'today' : `in ${p.daysLeft} days`}`,
      `<p>${escapeHtml(line)}</p><p><a href="${escapeHtml(p.subscribeUrl)}">Subscribe to Pro</a></p>`,
      dashboardUrl,
    ),
  };
}
