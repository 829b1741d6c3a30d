import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookBodySchema } from '../../core/contracts/webhooks';
import { signedInCookie } from '../../tests/support/signIn';
import { startTestApp, type TestApp } from '../../tests/support/testApp';
import { startWebhookReceiver, type WebhookReceiver } from '../../tests/support/webhookReceiver';
import { fillAlertOutcomes, openAlertOutcomes, recordAlertFirings } from '../../warehouse/postgres/alertOutcomes';
import type { ResolveHost } from '../../domain/notifications/webhookSender';

/** A public address (documentation-free: example.com's) the fake names resolve to when they are meant to be public. */
const PUBLIC = '93.184.216.34';

/** DNS for names this machine cannot resolve: each test name leads where the case needs. Unknown names go nowhere. */
function tableResolver(table: Record<string, string[] | (() => string[])>): ResolveHost {
  return async (host) => {
    const entry = table[host];
    if (!entry) throw new Error(`ENOTFOUND ${host}`);
    return typeof entry === 'function' ? entry() : entry;
  };
}

describe('webhook settings: validation and server-side request forgery', () => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  let rebindCalls = 0;

  beforeAll(async () => {
    const resolveHost = tableResolver({
      'hooks.example.com': [PUBLIC],
      'loopback4.example': ['127.0.0.1'],
      'loopback6.example': ['::1'],
      'metadata.example': ['169.254.169.254'],
      'mapped.example': ['::ffff:10.0.0.7'],
      'mixed.example': [PUBLIC, '10.0.0.1'],
      // Public when the URL is saved, loopback when the alert is sent: DNS rebinding.
      'rebind.example': () => (++rebindCalls === 1 ? [PUBLIC] : ['127.0.0.1']),
    });
    t = await startTestApp({ resolveHost }, { MAX_WEBHOOKS_PER_USER: '3' });
    alice = await signedInCookie(t, 'alice@example.com');
    bob = await signedInCookie(t, 'bob@example.com');
  });
  afterAll(async () => {
    await t?.close();
  });

  const add = (cookie: string, body: unknown) =>
    request(t.server)
      .post('/api/webhooks')
      .set('Cookie', cookie)
      .send(body as object);

  it('refuses a URL that is not https, too long, not a URL or in an unknown format, naming the field', async () => {
    for (const [body, field, message] of [
      [{ url: 'http://hooks.example.com/x' }, 'url', 'url must start with https://'],
      [{ url: `https://hooks.example.com/${'a'.repeat(2100)}` }, 'url', 'url must be at most 2048 characters'],
      [{ url: 'not a url' }, 'url', 'url must be a valid URL'],
      [{}, 'url', 'url is required'],
      [{ url: 'https://hooks.example.com/x', format: 'teams' }, 'format', 'format must be json, slack or discord'],
      [{ url: 'ftp://hooks.example.com/x' }, 'url', 'url must start with https://'],
      [{ url: 'https://user:pw@hooks.example.com/x' }, 'url', 'url must not carry a user name or password'],
      // Only port 443 (WEBHOOK_ALLOWED_PORTS): a public address on the SSH port is not a webhook receiver.
      [
        { url: 'https://hooks.example.com:22/x' },
        'url',
        'url must use port 443 (the https default: leave the port out)',
      ],
      [
        { url: 'https://hooks.example.com:8443/x' },
        'url',
        'url must use port 443 (the https default: leave the port out)',
      ],
      [{ url: 'https://93.184.216.34:22/' }, 'url', 'url must use port 443 (the https default: leave the port out)'],
      // Exactly as a URL parser reads it: unencoded characters, an upper-case host or backslashes are rewritten.
      [
        { url: 'https://hooks.example.com/a b' },
        'url',
        'url must be written exactly as it is read: https://hooks.example.com/a%20b',
      ],
      [
        { url: 'https://hooks.example.com/x?q="<>"' },
        'url',
        'url must be written exactly as it is read: https://hooks.example.com/x?q=%22%3C%3E%22',
      ],
      [
        { url: 'https://HOOKS.example.com/x' },
        'url',
        'url must be written exactly as it is read: https://hooks.example.com/x',
      ],
      [
        { url: 'https://hooks.example.com\\x' },
        'url',
        'url must be written exactly as it is read: https://hooks.example.com/x',
      ],
    ] as const) {
      const res = await add(alice, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body).toMatchObject({ field, message });
    }
    expect((await request(t.server).get('/api/webhooks').set('Cookie', alice)).body.targets).toEqual([]);
  });

  it('refuses targets that resolve to loopback, private, link-local, unique-local or IPv4-mapped addresses', async () => {
    const refused = [
      'https://localhost/hook', // the system resolver: 127.0.0.1 and ::1
      'https://loopback4.example/hook',
      'https://loopback6.example/hook',
      'https://metadata.example/latest/meta-data/',
      'https://mapped.example/hook',
      'https://mixed.example/hook',
      'https://127.0.0.1/hook',
      'https://[::1]/hook',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::ffff:127.0.0.1]/hook',
      'https://10.1.2.3/hook',
      'https://192.168.0.10/hook',
      'https://172.16.5.4/hook',
      'https://100.64.0.1/hook',
      'https://0.0.0.0/hook',
      'https://[fd00::1]/hook',
      'https://[fe80::1]/hook',
      'https://unknown-name.example/hook',
    ];
    for (const url of refused) {
      const res = await add(alice, { url });
      expect(res.status, url).toBe(400);
      expect(res.body.field, url).toBe('url');
    }
    const metadata = await add(alice, { url: 'https://metadata.example/latest/meta-data/' });
    expect(metadata.body.message).toBe(
      'url resolves to a private or reserved address (169.254.169.254); webhooks only reach public addresses',
    );
    expect((await add(alice, { url: 'https://loopback6.example/' })).body.message).toContain('(::1)');
    expect((await request(t.server).get('/api/webhooks').set('Cookie', alice)).body.targets).toEqual([]);
  });

  it('accepts a URL without the "/" of an empty path; the default port written out is shown its plain form', async () => {
    const res = await add(bob, { url: 'https://hooks.example.com' });
    expect(res.status).toBe(201);
    const port = await add(bob, { url: 'https://hooks.example.com:443/port' });
    expect(port.status).toBe(400);
    expect(port.body).toMatchObject({
      message: 'url must be written exactly as it is read: https://hooks.example.com/port',
      field: 'url',
    });
    const targets = (await request(t.server).get('/api/webhooks').set('Cookie', bob)).body.targets as Array<{
      id: number;
    }>;
    for (const target of targets) await request(t.server).delete(`/api/webhooks/${target.id}`).set('Cookie', bob);
  });

  it('stores a public https target, refuses a duplicate (409) and more than the limit (400 on url)', async () => {
    const first = await add(alice, { url: 'https://hooks.example.com/a', format: 'slack' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ url: 'https://hooks.example.com/a', format: 'slack' });
    expect((await add(alice, { url: 'https://hooks.example.com/a' })).status).toBe(409);
    expect((await add(alice, { url: 'https://hooks.example.com/b' })).status).toBe(201);
    expect((await add(alice, { url: 'https://hooks.example.com/c', format: 'discord' })).status).toBe(201);
    const over = await add(alice, { url: 'https://hooks.example.com/d' });
    expect(over.status).toBe(400);
    expect(over.body).toEqual({
      message: 'You can have at most 3 webhook targets; delete one to add another',
      field: 'url',
    });
    const settings = await request(t.server).get('/api/webhooks').set('Cookie', alice);
    expect(settings.body.targets.map((x: { url: string }) => x.url)).toEqual([
      'https://hooks.example.com/a',
      'https://hooks.example.com/b',
      'https://hooks.example.com/c',
    ]);
    expect(settings.body.maxTargets).toBe(3);
    // Bob sees none of them and cannot delete them.
    expect((await request(t.server).get('/api/webhooks').set('Cookie', bob)).body.targets).toEqual([]);
    expect((await request(t.server).delete(`/api/webhooks/${first.body.id}`).set('Cookie', bob)).status).toBe(404);
    expect((await request(t.server).delete(`/api/webhooks/${first.body.id}`).set('Cookie', alice)).status).toBe(200);
    expect((await request(t.server).delete('/api/webhooks/abc').set('Cookie', alice)).status).toBe(404);
  });

  it('shows a per-user secret and rotates it', async () => {
    const before = (await request(t.server).get('/api/webhooks').set('Cookie', alice)).body.secret as string;
    expect(before).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect((await request(t.server).get('/api/webhooks').set('Cookie', bob)).body.secret).not.toBe(before);
    const rotated = await request(t.server).post('/api/webhooks/secret').set('Cookie', alice);
    expect(rotated.body.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(rotated.body.secret).not.toBe(before);
    expect((await request(t.server).get('/api/webhooks').set('Cookie', alice)).body.secret).toBe(rotated.body.secret);
  });

  it('sets a per-alert target on your own alert only, with the same checks', async () => {
    const [stock] = await t.database.db('stocks').insert({ ticker: 'AMC', name: 'AMC Entertainment' }).returning('id');
    const created = await request(t.server)
      .post('/api/alerts')
      .set('Cookie', alice)
      .send({ stockId: stock.id, mentionThreshold: 10 });
    expect(created.body.webhook).toBeNull();
    const path = `/api/alerts/${created.body.id}/webhook`;
    const listed = async () =>
      (await request(t.server).get('/api/alerts').set('Cookie', alice)).body.find(
        (a: { id: number }) => a.id === created.body.id,
      ).webhook;
    expect(
      (await request(t.server).put(path).set('Cookie', alice).send({ url: 'https://metadata.example/' })).body,
    ).toMatchObject({ field: 'url' });
    expect(
      (await request(t.server).put(path).set('Cookie', bob).send({ url: 'https://hooks.example.com/bob' })).status,
    ).toBe(404);
    const set = await request(t.server)
      .put(path)
      .set('Cookie', alice)
      .send({ url: 'https://hooks.example.com/only-amc', format: 'discord' });
    expect(set.status).toBe(200);
    expect((await request(t.server).get('/api/webhooks').set('Cookie', alice)).body.alertOverrides).toEqual([
      { alertId: created.body.id, url: 'https://hooks.example.com/only-amc', format: 'discord' },
    ]);
    // The alerts list carries each alert's own target, so the dashboard shows the choice after a reload.
    expect(await listed()).toEqual({ url: 'https://hooks.example.com/only-amc', format: 'discord' });
    expect((await request(t.server).delete(path).set('Cookie', alice)).status).toBe(200);
    expect((await request(t.server).get('/api/webhooks').set('Cookie', alice)).body.alertOverrides).toEqual([]);
    expect(await listed()).toBeNull();
  });

  it('checks the address again at send time: a name that rebinds to loopback after saving is refused, nothing sent', async () => {
    const carol = await signedInCookie(t, 'carol@example.com');
    const saved = await add(carol, { url: 'https://rebind.example/hook' });
    expect(saved.status).toBe(201);
    const sent = await request(t.server).post('/api/webhooks/test').set('Cookie', carol).send({});
    expect(sent.status).toBe(200);
    expect(sent.body.deliveries).toHaveLength(1);
    expect(sent.body.deliveries[0]).toMatchObject({
      status: 'failed',
      httpStatus: null,
      attempts: 1,
      event: 'webhook.test',
    });
    expect(sent.body.deliveries[0].lastError).toBe(
      'Refused: url resolves to a private or reserved address (127.0.0.1); webhooks only reach public addresses',
    );
    expect(rebindCalls).toBe(2);
  });
});

describe('webhook delivery: Send test, signature, formats, delivery log and its limit', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let dave: string;
  let secret = '';
  let failNext = false;

  beforeAll(async () => {
    receiver = await startWebhookReceiver({ secret: () => secret, answer: () => (failNext ? 503 : 200) });
    // receiver.example exists only in this resolver: reaching it proves the connection goes to the checked address.
    t = await startTestApp(
      { resolveHost: async (host) => (host === 'receiver.example' ? ['127.0.0.1'] : []) },
      {
        WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
        WEBHOOK_TESTS_PER_HOUR: '3',
        PUBLIC_URL: 'https://stockpulse.test',
        COOKIE_SECURE: 'false',
      },
    );
    dave = await signedInCookie(t, 'dave@example.com');
    secret = (await request(t.server).get('/api/webhooks').set('Cookie', dave)).body.secret;
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('sends a signed body in each format to each target, and logs every delivery', async () => {
    for (const [path, format] of [
      ['/json', 'json'],
      ['/slack', 'slack'],
      ['/discord', 'discord'],
    ] as const) {
      expect(
        (
          await request(t.server)
            .post('/api/webhooks')
            .set('Cookie', dave)
            .send({ url: receiver.url(path, 'receiver.example'), format })
        ).status,
      ).toBe(201);
    }
    const sent = await request(t.server).post('/api/webhooks/test').set('Cookie', dave).send({});
    expect(sent.status).toBe(200);
    expect(
      sent.body.deliveries.map((d: { status: string; httpStatus: number; attempts: number }) => [
        d.status,
        d.httpStatus,
        d.attempts,
      ]),
    ).toEqual([
      ['delivered', 200, 1],
      ['delivered', 200, 1],
      ['delivered', 200, 1],
    ]);
    expect(receiver.received).toHaveLength(3);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    expect(receiver.distinctKeys()).toBe(3);
    const byPath = Object.fromEntries(receiver.received.map((r) => [r.path, r]));
    const json = webhookBodySchema.parse(byPath['/json']!.body);
    expect(json).toMatchObject({
      event: 'webhook.test',
      alertId: null,
      deliveryId: byPath['/json']!.deliveryKey,
      links: { dashboard: 'https://stockpulse.test/dashboard', alerts: 'https://stockpulse.test/alerts' },
    });
    expect(byPath['/slack']!.body).toMatchObject({
      text: expect.stringContaining('StockPulse test webhook'),
      blocks: expect.any(Array),
    });
    expect(byPath['/discord']!.body).toMatchObject({
      content: expect.stringContaining('StockPulse test webhook'),
      embeds: [expect.objectContaining({ title: 'TEST · StockPulse test' })],
    });

    const log = await request(t.server).get('/api/webhooks/deliveries').set('Cookie', dave);
    expect(log.status).toBe(200);
    expect(log.body).toHaveLength(3);
    expect(log.body.every((d: { status: string }) => d.status === 'delivered')).toBe(true);
  });

  it('Download My Data holds the targets, per-alert targets, the delivery log and the alert outcomes, never the signing secret', async () => {
    const [stock] = await t.database.db('stocks').insert({ ticker: 'GME', name: 'GameStop Corp.' }).returning('id');
    const alert = await request(t.server)
      .post('/api/alerts')
      .set('Cookie', dave)
      .send({ stockId: stock.id, mentionThreshold: 10 });
    const own = receiver.url('/gme', 'receiver.example');
    expect(
      (
        await request(t.server)
          .put(`/api/alerts/${alert.body.id}/webhook`)
          .set('Cookie', dave)
          .send({ url: own, format: 'slack' })
      ).status,
    ).toBe(200);
    const daveId = (await t.database.db('users').where({ email: 'dave@example.com' }).first('id')).id as string;
    const firedAt = new Date('2026-11-20T15:00:00Z');
    await recordAlertFirings(t.database.db, [
      {
        firingKey: `export-test:${alert.body.id}`,
        userId: daveId,
        alertId: alert.body.id,
        ticker: 'GME',
        kind: 'threshold',
        firedAt,
      },
    ]);
    const [open] = await openAlertOutcomes(t.database.db);
    await fillAlertOutcomes(t.database.db, [
      { id: open!.id, priceAtFire: 20, price15m: 21, price30m: null, price60m: null, simulated: true, settled: false },
    ]);

    const exported = await request(t.server).get('/api/user/export').set('Cookie', dave);
    expect(exported.status).toBe(200);
    expect(exported.body.webhookTargets.map((w: { url: string; format: string }) => [w.url, w.format])).toEqual([
      [receiver.url('/json', 'receiver.example'), 'json'],
      [receiver.url('/slack', 'receiver.example'), 'slack'],
      [receiver.url('/discord', 'receiver.example'), 'discord'],
    ]);
    expect(exported.body.alertWebhookTargets).toEqual([{ alertId: alert.body.id, url: own, format: 'slack' }]);
    expect(exported.body.webhookDeliveries).toEqual(
      (await request(t.server).get('/api/webhooks/deliveries').set('Cookie', dave)).body,
    );
    expect(exported.body.webhookDeliveries).toHaveLength(3);
    expect(exported.body.alertOutcomes).toEqual([
      expect.objectContaining({
        alertId: alert.body.id,
        ticker: 'GME',
        firedAt: firedAt.toISOString(),
        priceAtFire: 20,
        later: { m15: 21, m30: null, m60: null },
        movePercent: { m15: 5, m30: null, m60: null },
        simulated: true,
      }),
    ]);
    expect(exported.text).not.toContain(secret);
    expect(exported.text).not.toContain('whsec_');

    // Another user's export holds none of it.
    const eve = await signedInCookie(t, 'eve@example.com');
    const theirs = (await request(t.server).get('/api/user/export').set('Cookie', eve)).body;
    expect([theirs.webhookTargets, theirs.alertWebhookTargets, theirs.webhookDeliveries, theirs.alertOutcomes]).toEqual(
      [[], [], [], []],
    );
  });

  it('fails a signature made with another secret or an old timestamp (the receiver check is real)', async () => {
    const hook = receiver.received[0]!;
    const { createHmac } = await import('node:crypto');
    const old = Math.floor(Date.now() / 1000) - 600;
    const stale = `t=${old},v1=${createHmac('sha256', secret).update(`${old}.${hook.raw}`).digest('hex')}`;
    const forged = `t=${Math.floor(Date.now() / 1000)},v1=${createHmac('sha256', 'whsec_other')
      .update(`${Math.floor(Date.now() / 1000)}.${hook.raw}`)
      .digest('hex')}`;
    const { verifyWebhook } = await import('../../domain/notifications/webhookSignature');
    expect(verifyWebhook(secret, hook.raw, hook.headers['x-stockpulse-signature'] as string, new Date())).toBe(true);
    expect(verifyWebhook(secret, hook.raw, stale, new Date())).toBe(false);
    expect(verifyWebhook(secret, hook.raw, forged, new Date())).toBe(false);
    expect(verifyWebhook(secret, `${hook.raw} `, hook.headers['x-stockpulse-signature'] as string, new Date())).toBe(
      false,
    );
  });

  it('logs a refusing receiver with its status and text; one target by id; 429 past the hourly limit', async () => {
    const targets = (await request(t.server).get('/api/webhooks').set('Cookie', dave)).body.targets as Array<{
      id: number;
    }>;
    failNext = true;
    const failed = await request(t.server)
      .post('/api/webhooks/test')
      .set('Cookie', dave)
      .send({ targetId: targets[0]!.id });
    failNext = false;
    expect(failed.body.deliveries).toEqual([
      expect.objectContaining({
        status: 'failed',
        httpStatus: 503,
        lastError: 'Receiver error: the receiver answered HTTP 503',
        attempts: 1,
      }),
    ]);
    // The receiver's own text is never shown to the user.
    expect(JSON.stringify(failed.body)).not.toContain('receiver says no');
    expect(
      (await request(t.server).post('/api/webhooks/test').set('Cookie', dave).send({ targetId: 999999 })).status,
    ).toBe(404);
    expect(
      (await request(t.server).post('/api/webhooks/test').set('Cookie', dave).send({ targetId: 'one' })).body,
    ).toMatchObject({ field: 'targetId' });
    const third = await request(t.server)
      .post('/api/webhooks/test')
      .set('Cookie', dave)
      .send({ targetId: targets[1]!.id });
    expect(third.status).toBe(200);
    const limited = await request(t.server).post('/api/webhooks/test').set('Cookie', dave).send({});
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Too many test webhooks: 3 per hour\. Try again in \d+ minute\(s\)\.$/);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    const log = await request(t.server).get('/api/webhooks/deliveries?limit=2').set('Cookie', dave);
    expect(log.body).toHaveLength(2);
    expect((await request(t.server).get('/api/webhooks/deliveries?limit=0').set('Cookie', dave)).body).toMatchObject({
      field: 'limit',
    });
  });

  it('answers 409 to Send test without targets and 401 signed out', async () => {
    const erin = await signedInCookie(t, 'erin@example.com');
    expect((await request(t.server).post('/api/webhooks/test').set('Cookie', erin).send({})).status).toBe(409);
    expect((await request(t.server).post('/api/webhooks/test').send({})).status).toBe(401);
    expect((await request(t.server).get('/api/webhooks/deliveries')).status).toBe(401);
  });
});
