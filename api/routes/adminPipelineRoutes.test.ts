import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipelineRunsResponseSchema, youtubeQuotaSchema, type PipelineRun } from '../../core/contracts/admin';
import { seedSourceLists } from '../../seed/sourceLists';
import { quotaDay } from '../../domain/quota/quotaDay';
import { signedInCookie } from '../../tests/support/signIn';
import { startTestApp, type TestApp } from '../../tests/support/testApp';
import { uniqueTaskQueue } from '../../tests/support/testStores';

/**
 * Pipeline operations against the real Temporal dev server. No worker polls this test's task queue, so a started scan
 * stays Running until the test terminates it, which makes it a failed (terminated) run to re-run.
 */
describe('admin pipelines API', () => {
  let t: TestApp;
  let admin: string;
  const taskQueue = uniqueTaskQueue('admin-pipelines');

  const listRuns = async (query = '') =>
    pipelineRunsResponseSchema.parse(
      (await request(t.server).get(`/api/admin/pipelines/runs${query}`).set('Cookie', admin)).body,
    );
  async function waitForRun(predicate: (run: PipelineRun) => boolean, query = ''): Promise<PipelineRun> {
    for (let i = 0; i < 100; i++) {
      const found = (await listRuns(query)).runs.find(predicate);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('run never showed up in the visibility list');
  }

  beforeAll(async () => {
    t = await startTestApp({ temporalUiUrl: 'http://temporal-ui.test:8233' }, { TEMPORAL_TASK_QUEUE: taskQueue });
    admin = await signedInCookie(t, 'pipeline-admin@example.com', 'admin');
  });
  afterAll(async () => {
    for await (const info of t.deps.temporal.workflow.list({
      query: `TaskQueue = '${taskQueue}' AND ExecutionStatus = 'Running'`,
    })) {
      await t.deps.temporal.workflow.getHandle(info.workflowId, info.runId).terminate('test cleanup');
    }
    await t.close();
  });

  it('starts a scan now, lists it with a Temporal UI link, and audits it', async () => {
    const res = await request(t.server)
      .post('/api/admin/pipelines/scans')
      .set('Cookie', admin)
      .send({ platform: 'youtube' });
    expect(res.status).toBe(202);
    expect(res.body.workflowId).toMatch(/^scan-youtube-manual-/);
    const run = await waitForRun((r) => r.workflowId === res.body.workflowId);
    expect(run).toMatchObject({
      type: 'scanPlatform',
      platform: 'youtube',
      status: 'RUNNING',
      posts: null,
      canRerun: false,
      closedAt: null,
    });
    expect(run.temporalUrl).toBe(
      `http://temporal-ui.test:8233/namespaces/default/workflows/${encodeURIComponent(run.workflowId)}/${run.runId}/history`,
    );
    expect(await t.database.db('admin_audit_log').orderBy('id', 'desc').first()).toMatchObject({
      action: 'pipeline.scan',
      target_type: 'pipeline',
      target_id: run.workflowId,
      actor_email: 'pipeline-admin@example.com',
    });
    expect(
      (await request(t.server).post('/api/admin/pipelines/scans').set('Cookie', admin).send({ platform: 'myspace' }))
        .body.field,
    ).toBe('platform');
  });

  it('shows a failed run with its error and re-runs it with the same input under a new id', async () => {
    const started = await request(t.server)
      .post('/api/admin/pipelines/scans')
      .set('Cookie', admin)
      .send({ platform: 'reddit' });
    await t.deps.temporal.workflow.getHandle(started.body.workflowId).terminate('source API down');
    const failed = await waitForRun(
      (r) => r.workflowId === started.body.workflowId && r.status === 'TERMINATED',
      '?status=TERMINATED',
    );
    expect(failed).toMatchObject({ platform: 'reddit', canRerun: true });
    expect(failed.error).toMatch(/source API down/);
    expect(failed.durationMs).toBeGreaterThanOrEqual(0);

    const res = await request(t.server)
      .post('/api/admin/pipelines/reruns')
      .set('Cookie', admin)
      .send({ workflowId: failed.workflowId, runId: failed.runId });
    expect(res.status).toBe(202);
    expect(res.body.workflowId).toMatch(/^scan-reddit-manual-.*-rerun-/);
    const history = await t.deps.temporal.workflow.getHandle(res.body.workflowId).fetchHistory();
    const input = history.events?.[0]?.workflowExecutionStartedEventAttributes?.input?.payloads?.[0]?.data;
    expect(JSON.parse(Buffer.from(input!).toString())).toEqual({ platform: 'reddit' });
    const rerun = await waitForRun((r) => r.workflowId === res.body.workflowId);
    expect(rerun).toMatchObject({ type: 'scanPlatform', platform: 'reddit', status: 'RUNNING' });
    expect(await t.database.db('admin_audit_log').orderBy('id', 'desc').first()).toMatchObject({
      action: 'pipeline.rerun',
      before: { workflowId: failed.workflowId },
    });
  });

  it('refuses to re-run a running or unknown run', async () => {
    const started = await request(t.server)
      .post('/api/admin/pipelines/scans')
      .set('Cookie', admin)
      .send({ platform: 'twitter' });
    const running = await request(t.server)
      .post('/api/admin/pipelines/reruns')
      .set('Cookie', admin)
      .send({ workflowId: started.body.workflowId });
    expect(running.status).toBe(400);
    const unknown = await request(t.server)
      .post('/api/admin/pipelines/reruns')
      .set('Cookie', admin)
      .send({ workflowId: 'no-such-run' });
    expect(unknown.status).toBe(404);
  });

  it('filters by type and status', async () => {
    const scans = await listRuns('?type=scanPlatform');
    expect(scans.runs.length).toBeGreaterThan(0);
    expect(scans.runs.every((r) => r.type === 'scanPlatform')).toBe(true);
    expect((await listRuns('?type=refreshPrices')).runs).toEqual([]);
    const bad = await request(t.server).get('/api/admin/pipelines/runs?type=deleteEverything').set('Cookie', admin);
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('type');
  });

  it('shows the YouTube quota spent today per source, against each source’s share of the daily quota', async () => {
    const { day, endsAt } = quotaDay(Date.now());
    await seedSourceLists(t.deps.db);
    const sources = await t.deps
      .db('platform_settings')
      .where({ platform: 'youtube', is_active: true })
      .select<Array<{ setting_type: string; values: string[] }>>('setting_type', 'values');
    const listed = sources.flatMap((l) => l.values.map((source) => ({ settingType: l.setting_type, source })));
    expect(listed.length).toBeGreaterThan(1);
    const first = listed[0]!;
    await t.deps.db('api_quota_usage').insert([
      {
        platform: 'youtube',
        setting_type: first.settingType,
        source: first.source,
        day,
        search_units: 200,
        read_units: 14,
      },
      {
        platform: 'youtube',
        setting_type: 'keywords',
        source: 'no longer listed',
        day,
        search_units: 100,
        read_units: 0,
      },
      {
        platform: 'youtube',
        setting_type: first.settingType,
        source: first.source,
        day: '2020-01-01',
        search_units: 9_900,
        read_units: 0,
      },
    ]);
    const res = await request(t.server).get('/api/admin/pipelines/quota').set('Cookie', admin);
    expect(res.status).toBe(200);
    const quota = youtubeQuotaSchema.parse(res.body);
    expect(quota).toMatchObject({
      day,
      resetsAt: new Date(endsAt).toISOString(),
      dailyQuota: 10_000,
      spent: 314,
      live: false,
    });
    expect(quota.sources).toHaveLength(listed.length + 1);
    expect(quota.sources[0]).toEqual({
      ...first,
      searchUnits: 200,
      readUnits: 14,
      units: 214,
      share: Math.floor(10_000 / listed.length),
    });
    expect(quota.sources.at(-1)).toEqual({
      settingType: 'keywords',
      source: 'no longer listed',
      searchUnits: 100,
      readUnits: 0,
      units: 100,
      share: 0,
    });
  });

  it('is 401 anonymously and 403 for users', async () => {
    const user = await signedInCookie(t, 'pipeline-user@example.com');
    for (const [method, path] of [
      ['get', '/api/admin/pipelines/runs'],
      ['get', '/api/admin/pipelines/quota'],
      ['post', '/api/admin/pipelines/scans'],
      ['post', '/api/admin/pipelines/reruns'],
    ] as const) {
      expect((await request(t.server)[method](path).send({ platform: 'reddit' })).status).toBe(401);
      expect((await request(t.server)[method](path).set('Cookie', user).send({ platform: 'reddit' })).status).toBe(403);
    }
  });
});
