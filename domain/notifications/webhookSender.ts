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

export const systemResolver: ResolveHost = async (hostname) => (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

export interface WebhookPolicy {
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS: plain http and non-public addresses allowed (tests, local receivers). */
  allowPrivateTargets: boolean;
  resolve?: ResolveHost;
  /** Per request, so a receiver that never answers cannot hold an activity. */
  timeoutMs?: number;
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
  if (url.protocol !== 'https:' && !(policy.allowPrivateTargets && url.protocol === 'http:')) throw new WebhookTargetRefused('url must start with https://');
  if (url.username || url.password) throw new WebhookTargetRefused('url must not carry a user name or password');
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  try {
    addresses = net.isIP(host) ? [host] : await (policy.resolve ?? systemResolver)(host);
  } catch {
    addresses = [];
  }
  if (addresses.length === 0) throw new WebhookTargetRefused(`url's host ${host} does not resolve`);
  const refused = addresses.find((a) => !isPublicAddress(a));
  if (refused && !policy.allowPrivateTargets) throw new WebhookTargetRefused(`url resolves to a private or reserved address (${refused}); webhooks only reach public addresses`);
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
  /** The start of the receiver's answer when it was not a success (for the delivery log). */
  error: string | null;
}

const ERROR_TEXT_LIMIT = 300;

/**
 * Sends one signed webhook: resolves and checks the target again at send time, connects to that checked address only
 * (TLS still verifies the certificate against the host name), follows no redirect, and gives up after the timeout.
 * Resolves with the receiver's status; throws WebhookTargetRefused or the network error.
 */
export async function sendWebhook(request: WebhookRequest, policy: WebhookPolicy, now: Date = new Date()): Promise<WebhookResponse> {
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
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          if (size < ERROR_TEXT_LIMIT) chunks.push(c);
          size += c.length;
        });
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          const ok = status >= 200 && status < 300;
          const text = Buffer.concat(chunks).toString('utf8').slice(0, ERROR_TEXT_LIMIT).trim();
          resolve({ httpStatus: status, error: ok ? null : `HTTP ${status}${text ? `: ${text}` : ''}` });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`No answer within ${(policy.timeoutMs ?? 10_000) / 1000} s`)));
    req.on('error', reject);
    req.end(raw);
  });
}
