import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { WebhookBody, WebhookFormat } from '../../core/contracts/webhooks';
import { isPublicAddress } from '../../core/webhooks/publicAddress';
import { DELIVERY_HEADER, SIGNATURE_HEADER, signWebhook } from './webhookSignature';
import { webhookBodyFor } from '../../core/webhooks/webhookBody';

/** The addresses a host name resolves to (all of them: one non-public address among public ones is enough to refuse). */
export type ResolveHost = (hostname: string) => Promise<string[]>;

export const systemResolver: ResolveHost = async (hostname) =>
  (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

export interface WebhookPolicy {
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS: plain http and non-public addresses allowed (tests, local receivers). */
  allowPrivateTargets: boolean;
  resolve?: ResolveHost;
  /** WEBHOOK_ALLOWED_PORTS: the ports a URL may name (default 443 only); any port when private targets are allowed. */
  allowedPorts?: readonly number[];
  /** Per request, so a receiver that never answers cannot hold an activity. */
  timeoutMs?: number;
}

/** The receiver did not answer within the policy's timeout. */
export class WebhookTimeout extends Error {
  override name = 'WebhookTimeout';
  constructor(readonly timeoutMs: number) {
    super(`No answer within ${timeoutMs / 1000} s`);
  }
}

/** A target refused before any byte is sent: its URL or the address it resolves to is not allowed. Not worth retrying. */
export class WebhookTargetRefused extends Error {
  override name = 'WebhookTargetRefused';
}

export interface ResolvedTarget {
  url: URL;
  /** The checked address the connection is pinned to, so a second DNS answer (rebinding) cannot redirect it. */
  address: string;
  family: 4 | 6;
}

/** Checks a webhook URL and resolves its host: https only and public addresses only, unless the policy allows private targets. */
export async function resolveWebhookTarget(raw: string, policy: WebhookPolicy): Promise<ResolvedTarget> {
  const url = new URL(raw);
  if (url.protocol !== 'https:' && !(policy.allowPrivateTargets && url.protocol === 'http:'))
    throw new WebhookTargetRefused('url must start with https://');
  if (url.username || url.password) throw new WebhookTargetRefused('url must not carry a user name or password');
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  const allowedPorts = policy.allowedPorts ?? [443];
  if (!policy.allowPrivateTargets && !allowedPorts.includes(port)) {
    throw new WebhookTargetRefused(
      `url must use ${allowedPorts.length === 1 ? `port ${allowedPorts[0]}` : `one of the ports ${allowedPorts.join(', ')}`}${allowedPorts.includes(443) ? ' (the https default: leave the port out)' : ''}`,
    );
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  try {
    addresses = net.isIP(host) ? [host] : await (policy.resolve ?? systemResolver)(host);
  } catch {
    addresses = [];
  }
  if (addresses.length === 0) throw new WebhookTargetRefused(`url's host ${host} does not resolve`);
  const refused = addresses.find((a) => !isPublicAddress(a));
  if (refused && !policy.allowPrivateTargets)
    throw new WebhookTargetRefused(
      `url resolves to a private or reserved address (${refused}); webhooks only reach public addresses`,
    );
  const address = addresses[0]!;
  return { url, address, family: net.isIPv6(address) ? 6 : 4 };
}

export interface WebhookRequest {
  url: string;
  format: WebhookFormat;
  body: WebhookBody;
  deliveryKey: string;
  secret: string;
}

export interface WebhookResponse {
  httpStatus: number;
  /** What went wrong when the answer was not a success, by category (for the delivery log the user sees). */
  error: string | null;
}

/**
 * Sends one signed webhook: resolves and checks the target again at send time, connects to that checked address only
 * (TLS still verifies the certificate against the host name), follows no redirect, and gives up after the timeout.
 * Resolves with the receiver's status; throws WebhookTargetRefused or the network error.
 */
export async function sendWebhook(
  request: WebhookRequest,
  policy: WebhookPolicy,
  now: Date = new Date(),
): Promise<WebhookResponse> {
  const target = await resolveWebhookTarget(request.url, policy);
  const raw = JSON.stringify(webhookBodyFor(request.format, request.body));
  const lookup = ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  }) as unknown as net.LookupFunction;
  const client = target.url.protocol === 'https:' ? https : http;
  return await new Promise<WebhookResponse>((resolve, reject) => {
    const req = client.request(
      target.url,
      {
        method: 'POST',
        lookup,
        timeout: policy.timeoutMs ?? 10_000,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(raw),
          'user-agent': 'StockPulse-Webhooks/1',
          [SIGNATURE_HEADER]: signWebhook(request.secret, raw, now),
          [DELIVERY_HEADER]: request.deliveryKey,
        },
      },
      (res) => {
        // The receiver's body is read and dropped: its text is the remote's, never shown to the user.
        res.resume();
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          resolve({ httpStatus: status, error: status >= 200 && status < 300 ? null : httpFailureText(status) });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new WebhookTimeout(policy.timeoutMs ?? 10_000)));
    req.on('error', reject);
    req.end(raw);
  });
}

/** The delivery-log text of a non-2xx answer: its status and what kind of failure it is, never the receiver's text. */
export function httpFailureText(status: number): string {
  if (status >= 500) return `Receiver error: the receiver answered HTTP ${status}`;
  if (status >= 400) return `Rejected: the receiver answered HTTP ${status}`;
  if (status >= 300) return `Redirect not followed: the receiver answered HTTP ${status}`;
  return `Unexpected answer: HTTP ${status}`;
}

const TLS_CODES =
  /^(ERR_TLS_|ERR_SSL_|CERT_|DEPTH_ZERO_SELF_SIGNED_CERT$|SELF_SIGNED_CERT_IN_CHAIN$|UNABLE_TO_|ERR_OSSL_|EPROTO$)/;

/**
 * The delivery-log text of a send that got no answer, by category (timeout, TLS, refused, reset, unreachable): the
 * user learns what to fix without seeing a remote's or a library's raw message. A target this product refused keeps
 * its own message, which names the rule.
 */
export function sendFailureText(err: unknown): string {
  if (err instanceof WebhookTargetRefused) return `Refused: ${err.message}`;
  if (err instanceof WebhookTimeout) return `Timeout: no answer within ${err.timeoutMs / 1000} s`;
  const code = String((err as { code?: unknown } | null)?.code ?? '');
  if (TLS_CODES.test(code)) return "TLS error: the receiver's certificate or TLS set-up was not accepted";
  if (code === 'ECONNREFUSED')
    return "Connection refused: nothing accepted the connection at the receiver's address and port";
  if (code === 'ECONNRESET' || code === 'EPIPE')
    return 'Connection reset: the receiver closed the connection before answering';
  if (code === 'ETIMEDOUT') return "Timeout: the receiver's host did not accept the connection in time";
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return "Unreachable: no route to the receiver's host";
  return 'Network error: the delivery failed before the receiver answered';
}
