import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginCookie } from '../../tests/support/signIn';
import { startTestApp, type TestApp } from '../../tests/support/testApp';
import { hashPassword } from '../../platform/passwordHasher';

describe('admin ambiguity list', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp();
    await t.database
      .db('users')
      .insert({ email: 'signal-admin@example.com', password_hash: await hashPassword('admin-pass'), role: 'admin' });
    await t.database.db('ambiguous_symbols').insert([{ symbol: 'ON' }, { symbol: 'IT' }]);
    admin = await loginCookie(t.server, 'signal-admin@example.com', 'admin-pass');
  });
  afterAll(async () => t.close());

  it('lists the stored symbols', async () => {
    const res = await request(t.server).get('/api/admin/ambiguous-symbols').set('Cookie', admin);
    expect(res.body).toEqual({ symbols: ['IT', 'ON'] });
  });

  it('replaces the list: trimmed, upper-cased, de-duplicated', async () => {
    const res = await request(t.server)
      .put('/api/admin/ambiguous-symbols')
      .set('Cookie', admin)
      .send({ symbols: [' go ', 'ON', 'on', 'DD'] });
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
    const res = await request(t.server)
      .put('/api/admin/ambiguous-symbols')
      .set('Cookie', admin)
      .send({ symbols: ['OK', "X'; DROP TABLE users;--"] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      field: 'symbols.1',
      message: 'Each symbol is 1 to 10 letters, digits or dots, starting with a letter',
    });
    expect(await t.database.db('ambiguous_symbols').orderBy('symbol').pluck('symbol')).toEqual(['DD', 'GO', 'ON']);
  });
});

describe('admin former symbols', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp();
    await t.database
      .db('users')
      .insert({ email: 'renames-admin@example.com', password_hash: await hashPassword('admin-pass'), role: 'admin' });
    await t.database.db('former_symbols').insert([
      { symbol: 'FB', successor: 'META', changed_on: '2022-06-09', note: 'Facebook renamed Meta Platforms' },
      { symbol: 'TWTR', successor: null, changed_on: '2022-10-28', note: 'taken private' },
    ]);
    admin = await loginCookie(t.server, 'renames-admin@example.com', 'admin-pass');
  });
  afterAll(async () => t.close());

  it('lists the stored renames and delistings', async () => {
    const res = await request(t.server).get('/api/admin/former-symbols').set('Cookie', admin);
    expect(res.body).toEqual({
      renames: [
        { symbol: 'FB', successor: 'META', changedOn: '2022-06-09', note: 'Facebook renamed Meta Platforms' },
        { symbol: 'TWTR', successor: null, changedOn: '2022-10-28', note: 'taken private' },
      ],
    });
  });

  it('replaces the list, upper-cased and audited; a repeat save writes no audit row', async () => {
    const renames = [
      { symbol: 'fb', successor: 'meta', changedOn: '2022-06-09', note: 'Facebook renamed Meta Platforms' },
      { symbol: 'PCLN', successor: 'BKNG' },
    ];
    const res = await request(t.server).put('/api/admin/former-symbols').set('Cookie', admin).send({ renames });
    expect(res.status).toBe(200);
    expect(res.body.renames).toEqual([
      { symbol: 'FB', successor: 'META', changedOn: '2022-06-09', note: 'Facebook renamed Meta Platforms' },
      { symbol: 'PCLN', successor: 'BKNG', changedOn: null, note: '' },
    ]);
    expect(await t.database.db('former_symbols').orderBy('symbol').pluck('symbol')).toEqual(['FB', 'PCLN']);
    const audits = async () =>
      t.database.db('admin_audit_log').where({ action: 'formerSymbols.save' }).count({ n: '*' });
    expect(await audits()).toEqual([{ n: 1 }]);
    await request(t.server).put('/api/admin/former-symbols').set('Cookie', admin).send({ renames }).expect(200);
    expect(await audits()).toEqual([{ n: 1 }]);
  });

  it('rejects a bad row with 400 naming its field, changing nothing', async () => {
    const bad = async (renames: unknown[], field: string) => {
      const res = await request(t.server).put('/api/admin/former-symbols').set('Cookie', admin).send({ renames });
      expect(res.status).toBe(400);
      expect(res.body.field).toBe(field);
    };
    await bad([{ symbol: 'FB', successor: 'FB' }], 'renames.0.successor');
    await bad(
      [
        { symbol: 'FB', successor: 'META' },
        { symbol: 'FB', successor: null },
      ],
      'renames.1.symbol',
    );
    await bad([{ symbol: 'FB', successor: 'META', changedOn: 'June 2022' }], 'renames.0.changedOn');
    await bad([{ symbol: 'FB', successor: 'META', changedOn: '0000-01-01' }], 'renames.0.changedOn');
    await bad([{ symbol: 'F B', successor: 'META' }], 'renames.0.symbol');
    expect(await t.database.db('former_symbols').orderBy('symbol').pluck('symbol')).toEqual(['FB', 'PCLN']);
  });

  it('is for admins only', async () => {
    expect((await request(t.server).get('/api/admin/former-symbols')).status).toBe(401);
    expect((await request(t.server).get('/api/admin/ticker-changes')).status).toBe(401);
  });

  it('lists what the universe refreshes changed, newest first', async () => {
    await t.database.db('ticker_universe_changes').insert([
      {
        kind: 'added',
        symbol: 'ZZNEW',
        name: 'Zeta Zulu Networks Inc.',
        source: 'nasdaqtrader',
        detected_at: '2026-11-20T12:00:00Z',
      },
      {
        kind: 'renamed',
        symbol: 'PLTR',
        new_symbol: 'PLTX',
        name: 'Palantir Technologies Inc.',
        source: 'nasdaqtrader',
        detected_at: '2026-11-21T12:00:00Z',
      },
    ]);
    const res = await request(t.server).get('/api/admin/ticker-changes?limit=1').set('Cookie', admin);
    expect(res.body).toEqual({
      changes: [
        {
          kind: 'renamed',
          symbol: 'PLTR',
          newSymbol: 'PLTX',
          name: 'Palantir Technologies Inc.',
          source: 'nasdaqtrader',
          detectedAt: '2026-11-21T12:00:00.000Z',
        },
      ],
    });
    const bad = await request(t.server).get('/api/admin/ticker-changes?limit=0').set('Cookie', admin);
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('limit');
  });
});
