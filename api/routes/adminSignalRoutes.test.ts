import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginCookie } from '../../tests/support/signIn';
import { startTestApp, type TestApp } from '../../tests/support/testApp';
import { hashPassword } from '../accounts/passwordHasher';

describe('admin ambiguity list', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp();
    await t.database.db('users').insert({ email: 'signal-admin@example.com', password_hash: await hashPassword('admin-pass'), role: 'admin' });
    await t.database.db('ambiguous_symbols').insert([{ symbol: 'ON' }, { symbol: 'IT' }]);
    admin = await loginCookie(t.server, 'signal-admin@example.com', 'admin-pass');
  });
  afterAll(async () => t.close());

  it('lists the stored symbols', async () => {
    const res = await request(t.server).get('/api/admin/ambiguous-symbols').set('Cookie', admin);
    expect(res.body).toEqual({ symbols: ['IT', 'ON'] });
  });

  it('replaces the list: trimmed, upper-cased, de-duplicated', async () => {
    const res = await request(t.server).put('/api/admin/ambiguous-symbols').set('Cookie', admin).send({ symbols: [' go ', 'ON', 'on', 'DD'] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ symbols: ['DD', 'GO', 'ON'] });
    expect(await t.database.db('ambiguous_symbols').orderBy('symbol').pluck('symbol')).toEqual(['DD', 'GO', 'ON']);
    expect(await t.database.db('admin_audit_log').orderBy('id', 'desc').first()).toMatchObject({
      actor_email: 'signal-admin@example.com',
      action: 'ambiguousSymbols.save',
      before: { symbols: ['IT', 'ON'] },
      after: { symbols: ['DD', 'GO', 'ON'] },
    });
  });

  it('rejects a malformed symbol with 400 naming it, changing nothing', async () => {
    const res = await request(t.server).put('/api/admin/ambiguous-symbols').set('Cookie', admin).send({ symbols: ['OK', "X'; DROP TABLE users;--"] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: 'symbols.1', message: 'Each symbol is 1 to 10 letters, digits or dots, starting with a letter' });
    expect(await t.database.db('ambiguous_symbols').orderBy('symbol').pluck('symbol')).toEqual(['DD', 'GO', 'ON']);
  });
});
