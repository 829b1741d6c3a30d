import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, HOUR, MINUTE, mentionAt } from '../../tests/support/mentionRows';
import { signedInCookie } from '../../tests/support/signIn';
import { startTestApp, type TestApp } from '../../tests/support/testApp';
import { insertMentions } from '../../warehouse/queries/insertMentions';

describe("GET /api/admin/pipelines/labels: the last day's mentions by the analyser of their current label", () => {
  let t: TestApp;
  const transformer = 'transformer-85c4aea98697-w48-32-20';
  const learned = 'learned-0123456789ab';
  const at = Date.now();

  beforeAll(async () => {
    t = await startTestApp();
    await insertMentions(t.deps.warehouse, [
      { ...mentionAt('GME', at - 5 * MINUTE, { postId: 'fresh' }), analyser: learned },
      { ...mentionAt('GME', at - 40 * MINUTE, { postId: 'relabelled' }), analyser: learned },
      { ...mentionAt('AMC', at - 3 * HOUR, { postId: 'older' }), analyser: transformer },
      { ...mentionAt('AMC', at - 20 * HOUR, { postId: 'before-the-model' }), analyser: 'lexicon-1' },
      { ...mentionAt('AMC', at - DAY - HOUR, { postId: 'past-the-day' }), analyser: learned },
    ]);
    // The transformer's label replaces the first one: the mention counts once, under the transformer.
    await insertMentions(t.deps.warehouse, [
      { ...mentionAt('GME', at - 40 * MINUTE, { postId: 'relabelled', label: 'bullish' }), analyser: transformer },
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts each mention once, under the analyser of its current label, with the oldest and newest it labelled', async () => {
    const admin = await signedInCookie(t, 'labels-admin@example.com', 'admin');
    const res = await request(t.server).get('/api/admin/pipelines/labels').set('Cookie', admin);
    expect(res.status).toBe(200);
    expect(res.body.mentions).toBe(4);
    expect(Date.parse(res.body.since)).toBeGreaterThanOrEqual(at - DAY);
    expect(res.body.analysers).toEqual([
      {
        analyser: transformer,
        kind: 'transformer',
        mentions: 2,
        oldest: new Date(at - 3 * HOUR).toISOString(),
        newest: new Date(at - 40 * MINUTE).toISOString(),
      },
      {
        analyser: learned,
        kind: 'learned',
        mentions: 1,
        oldest: new Date(at - 5 * MINUTE).toISOString(),
        newest: new Date(at - 5 * MINUTE).toISOString(),
      },
      {
        analyser: 'lexicon-1',
        kind: 'lexicon',
        mentions: 1,
        oldest: new Date(at - 20 * HOUR).toISOString(),
        newest: new Date(at - 20 * HOUR).toISOString(),
      },
    ]);
  });

  it('is for admins only', async () => {
    expect((await request(t.server).get('/api/admin/pipelines/labels')).status).toBe(401);
    const user = await signedInCookie(t, 'labels-user@example.com');
    expect((await request(t.server).get('/api/admin/pipelines/labels').set('Cookie', user)).status).toBe(403);
  });
});
