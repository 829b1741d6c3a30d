import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInCookie } from '../../tests/support/signIn';
import { startTestApp, type TestApp } from '../../tests/support/testApp';

const hostileTexts = [
  "Robert'); DROP TABLE users;--",
  '<img src=x onerror=alert(1)>',
  '%00%27 OR 1=1 -- \\x00',
  'Zoë 🚀💎🙌 李小龍 مرحبا',
  '${jndi:ldap://x}{{7*7}}',
];

describe('hostile input gets a clear 4xx, and text is stored exactly as sent', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await startTestApp();
    cookie = await signedInCookie(t, 'hostile@example.com');
  });
  afterAll(async () => t.close());

  it('malformed JSON → 400 "Malformed JSON body"', async () => {
    const res = await request(t.server)
      .post('/api/login')
      .set('Content-Type', 'application/json')
      .send('{"email": "a@b.c",');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Malformed JSON body' });
  });

  it('a body over 100 kB → 413', async () => {
    const res = await request(t.server)
      .post('/api/newsletter')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ email: 'a'.repeat(200_000) }));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'Request body is too large' });
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml'])(
    'Content-Type %s → 415',
    async (type) => {
      const res = await request(t.server)
        .post('/api/login')
        .set('Content-Type', type)
        .send('email=a@b.c&password=secret');
      expect(res.status).toBe(415);
      expect(res.body).toEqual({ message: 'Content-Type must be application/json' });
    },
  );

  it('a POST with an empty body and no Content-Type is not refused for its type', async () => {
    const res = await request(t.server).post('/api/logout').set('Content-Length', '0');
    expect(res.status).toBe(200);
  });

  it('a JSON array or scalar where an object is expected → 400 naming the field', async () => {
    for (const body of ['[]', '"text"', '42', 'null']) {
      const res = await request(t.server).post('/api/login').set('Content-Type', 'application/json').send(body);
      expect(res.status, body).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
  });

  it.each(hostileTexts)('profile text %j is stored and returned verbatim', async (text) => {
    const res = await request(t.server)
      .patch('/api/user/profile')
      .set('Cookie', cookie)
      .send({ firstName: text, lastName: text, email: 'hostile@example.com', phoneNumber: null });
    expect(res.status).toBe(200);
    expect(res.body.firstName).toBe(text.trim());
    const again = await request(t.server).get('/api/user').set('Cookie', cookie);
    expect(again.body.lastName).toBe(text.trim());
  });

  it('a NUL character in any text field → 400 naming the field', async () => {
    const res = await request(t.server)
      .patch('/api/user/profile')
      .set('Cookie', cookie)
      .send({ firstName: 'Nul\u0000Byte', lastName: 'x', email: 'hostile@example.com' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: 'firstName', message: 'firstName must not contain NUL characters' });
    const query = await request(t.server).get('/api/stocks?range=1hour%00').set('Cookie', cookie);
    expect(query.status).toBe(400);
  });

  it("numbers beyond the stores' ranges → 400 naming the field or 404 for a path id, never a 500 (found by the fuzzer)", async () => {
    const alert = await request(t.server)
      .post('/api/alerts')
      .set('Cookie', cookie)
      .send({ stockId: 9007199254740990, mentionThreshold: 1, emailEnabled: true, smsEnabled: false });
    expect(alert.status).toBe(400);
    expect(alert.body.field).toBe('stockId');
    expect((await request(t.server).delete('/api/alerts/99999999999999').set('Cookie', cookie)).status).toBe(404);
    const admin = await signedInCookie(t, 'hostile-admin@example.com', 'admin');
    const junkRun = await request(t.server)
      .post('/api/admin/pipelines/reruns')
      .set('Cookie', admin)
      .send({ workflowId: '0', runId: '0'.repeat(99) });
    expect(junkRun.status).toBe(400);
    expect(junkRun.body.field).toBe('runId');
    const unknownRun = await request(t.server)
      .post('/api/admin/pipelines/reruns')
      .set('Cookie', admin)
      .send({ workflowId: 'no-such-workflow', runId: '00000000-0000-4000-8000-000000000000' });
    expect(unknownRun.status).toBe(404);
    expect((await request(t.server).get('/api/admin/users?page=1e300').set('Cookie', admin)).status).toBe(400);
  });

  it('SQL metacharacters in a login e-mail are a 400 or 401, never a 500', async () => {
    for (const email of ["' OR '1'='1", "admin@example.com' --", 'a@b.c\u0000']) {
      const res = await request(t.server).post('/api/login').send({ email, password: "' OR '1'='1" });
      expect([400, 401]).toContain(res.status);
    }
  });

  it.each([
    ['a 4,000-deep JSON array', '['.repeat(4000) + ']'.repeat(4000)],
    ['a 4,000-deep JSON object', '{"a":'.repeat(4000) + '1' + '}'.repeat(4000)],
    ['a 65-deep JSON array in a field', `{"email":${'['.repeat(65)}${']'.repeat(65)}}`],
  ])('%s → 400 "Request body is nested too deeply"', async (_name, body) => {
    const res = await request(t.server).post('/api/login').set('Content-Type', 'application/json').send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Request body is nested too deeply (at most 64 levels)' });
  });

  it.each([
    ['gzip', gzipSync],
    ['deflate', deflateSync],
    ['br', brotliCompressSync],
  ] as const)(
    'a truncated or garbled %s body → 400 "Malformed compressed body"; a whole one is read',
    async (encoding, compress) => {
      const { port } = t.server.address() as AddressInfo;
      // fetch sends the bytes as given (supertest would serialise a Buffer as JSON).
      const login = (body: Uint8Array) =>
        fetch(`http://127.0.0.1:${port}/api/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Content-Encoding': encoding },
          body: new Blob([new Uint8Array(body)]),
        });
      const zipped = compress(JSON.stringify({ email: 'hostile@example.com', password: 'wrong-password' }));
      for (const body of [
        zipped.subarray(0, zipped.length - 8),
        zipped.subarray(0, 5),
        Buffer.from('not compressed at all'),
      ]) {
        const res = await login(body);
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({ message: 'Malformed compressed body' });
      }
      const whole = await login(zipped);
      expect(await whole.json()).toEqual({ message: 'Invalid email or password' });
      expect(whole.status).toBe(401);
    },
  );

  it.each(['zstd', 'compress', 'gzip, zstd', 'gzip, br'])(
    'a body in Content-Encoding %s → 415 naming the encoding, never a 500',
    async (encoding) => {
      const { port } = t.server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/api/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Encoding': encoding },
        body: new Blob([new Uint8Array([0x28, 0xb5, 0x2f, 0xfd, 0, 0, 0, 0])]),
      });
      expect(res.status).toBe(415);
      const named = encoding === 'gzip, br' ? encoding : encoding.split(', ').at(-1)!;
      expect(await res.json()).toEqual({
        message: `Content-Encoding "${named}" is not supported: send the body uncompressed, or as gzip, deflate or br`,
      });
    },
  );
});
