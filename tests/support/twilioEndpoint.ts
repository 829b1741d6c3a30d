import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

/** One message as the Twilio Messages API received it. */
export interface ReceivedSms {
  accountSid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
}

export interface TwilioEndpoint {
  url: string;
  received: ReceivedSms[];
  close(): Promise<void>;
}

/**
 * A local endpoint shaped like Twilio's Messages resource (POST /2010-04-01/Accounts/{sid}/Messages.json, HTTP Basic
 * auth with the account SID and auth token, form-encoded To/From/Body, 201 with the message resource; 401 with
 * Twilio's error body on bad credentials). Twilio cannot be reached from tests; this is what the real SDK talks to.
 */
export async function startTwilioEndpoint(credentials: {
  accountSid: string;
  authToken: string;
}): Promise<TwilioEndpoint> {
  const received: ReceivedSms[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !match)
        return send(404, {
          code: 20404,
          message: 'The requested resource was not found',
          more_info: 'https://www.twilio.com/docs/errors/20404',
          status: 404,
        });
      const expected = `Basic ${Buffer.from(`${credentials.accountSid}:${credentials.authToken}`).toString('base64')}`;
      if (req.headers.authorization !== expected || match[1] !== credentials.accountSid) {
        return send(401, {
          code: 20003,
          message: 'Authenticate',
          more_info: 'https://www.twilio.com/docs/errors/20003',
          status: 401,
        });
      }
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const to = form.get('To');
      const body = form.get('Body');
      if (!to || !body || !(form.get('From') || form.get('MessagingServiceSid'))) {
        return send(400, {
          code: 21604,
          message: "A 'To' phone number is required.",
          more_info: 'https://www.twilio.com/docs/errors/21604',
          status: 400,
        });
      }
      const sms: ReceivedSms = {
        accountSid: match[1]!,
        to,
        from: form.get('From'),
        messagingServiceSid: form.get('MessagingServiceSid'),
        body,
      };
      received.push(sms);
      const sid = `SM${randomBytes(16).toString('hex')}`;
      const now = new Date().toUTCString();
      send(201, {
        account_sid: sms.accountSid,
        api_version: '2010-04-01',
        body,
        date_created: now,
        date_sent: null,
        date_updated: now,
        direction: 'outbound-api',
        error_code: null,
        error_message: null,
        from: sms.from,
        messaging_service_sid: sms.messagingServiceSid,
        num_media: '0',
        num_segments: '1',
        price: null,
        price_unit: 'USD',
        sid,
        status: 'queued',
        subresource_uris: { media: `/2010-04-01/Accounts/${sms.accountSid}/Messages/${sid}/Media.json` },
        to,
        uri: `/2010-04-01/Accounts/${sms.accountSid}/Messages/${sid}.json`,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
