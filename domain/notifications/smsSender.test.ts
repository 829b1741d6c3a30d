import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/testStores';
import { startTwilioEndpoint, type TwilioEndpoint } from '../../tests/support/twilioEndpoint';
import { createSmsSender } from './smsSender';

const credentials = { accountSid: 'AC11111111111111111111111111111111', authToken: 'right-token' };

describe('SMS sender: the twilio SDK against a Twilio-shaped endpoint, or the outbox', () => {
  let database: TestDatabase;
  let twilio: TwilioEndpoint;
  beforeAll(async () => {
    database = await createTestDatabase();
    twilio = await startTwilioEndpoint(credentials);
  });
  afterAll(async () => {
    await twilio?.close();
    await database?.drop();
  });

  it('sends through Twilio with a sender number or a Messaging Service SID and returns the message SID', async () => {
    const byNumber = createSmsSender(database.db, { ...credentials, fromNumber: '+15005550006', apiUrl: twilio.url });
    expect(byNumber.real).toBe(true);
    expect(await byNumber.send({ to: '+14155550100', body: 'hello' })).toMatch(/^SM[0-9a-f]{32}$/);
    const byService = createSmsSender(database.db, { ...credentials, fromNumber: 'MG0123', apiUrl: `${twilio.url}/` });
    await byService.send({ to: '+14155550101', body: 'hi' });
    expect(twilio.received).toEqual([
      {
        accountSid: credentials.accountSid,
        to: '+14155550100',
        from: '+15005550006',
        messagingServiceSid: null,
        body: 'hello',
      },
      { accountSid: credentials.accountSid, to: '+14155550101', from: null, messagingServiceSid: 'MG0123', body: 'hi' },
    ]);
  });

  it('rejects with Twilio’s message when the credentials are wrong', async () => {
    const wrong = createSmsSender(database.db, {
      ...credentials,
      authToken: 'wrong',
      fromNumber: '+15005550006',
      apiUrl: twilio.url,
    });
    await expect(wrong.send({ to: '+14155550100', body: 'x' })).rejects.toThrow('Authenticate');
  });

  it('keeps the message in the outbox when Twilio is not configured', async () => {
    const outbox = createSmsSender(database.db, { accountSid: credentials.accountSid });
    expect(outbox.real).toBe(false);
    expect(await outbox.send({ to: '+14155550102', body: 'kept' })).toMatch(/^outbox-\d+$/);
    expect(await database.db('outbox_messages').select('channel', 'recipients', 'text_body', 'subject')).toEqual([
      { channel: 'sms', recipients: ['+14155550102'], text_body: 'kept', subject: null },
    ]);
  });
});
