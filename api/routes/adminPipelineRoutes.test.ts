import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipelineRunsResponseSchema, type PipelineRun } from '../../core/contracts/admin';
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

  const listRuns = async (query = '') => pipelineRunsResponseSchema.parse((await request(t.server).get(`/api/admin/pipelines/runs${query}`).set('Cookie', admin)).body);
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
    for await (const info of t.deps.temporal.workflow.list({ query: `TaskQueue = '${taskQueue}' AND ExecutionStatus = 'Running'` })) {
      await t.deps.temporal.workflow.getHandle(info.workflowId, info.runId).terminate('test cleanup');
    }
    await t.close();
  });

  it('starts a scan now, lists it with a Temporal UI link, and audits it', async () => {
    const res = await request(t.server).post('/api/admin/pipelines/scans').set('Cookie', admin).send({ platform: 'youtube' });
    expect(res.status).toBe(202);
    expect(res.body.workflowId).toMatch(/^scan-youtube-manual-/);
    const run = await waitForRun((r) => r.workflowId === res.body.workflowId);
    expect(run).toMatchObject({ type: 'scanPlatform', platform: 'youtube', status: 'RUNNING', posts: null, canRerun: false, closedAt: null });
    expect(run.temporalUrl).toBe(`http://temporal-ui.test:8233/namespaces/default/workflows/${encodeURIComponent(run.workflowId)}/${run.runId}/history`);
    expect(await t.database.db('admin_audit_log').orderBy('id', 'desc').first()).toMatchObject({ action: 'pipeline.scan', target_type: 'pipeline', target_id: run.workflowId, actor_email: 'pipeline-admin@example.com' });
    expect((await request(t.server).post('/api/admin/pipelines/scans').set('Cookie', admin).send({ platform: 'myspace' })).body.field).toBe('platform');
  });

  it('shows a failed run with its error and re-runs it with the same input under a new id', async () => {
    const started = await request(t.server).post('/api/admin/pipelines/scans').set('Cookie', admin).send({ platform: 'reddit' });
    await t.deps.temporal.workflow.getHandle(started.body.workflowId).terminate('source API down');
    const failed = await waitForRun((r) => r.workflowId === started.body.workflowId && r.status === 'TERMINATED', '?status=TERMINATED');
    expect(failed).toMatchObject({ platform: 'reddit', canRerun: true });
    expect(failed.error).toMatch(/source API down/);
    expect(failed.durationMs).toBeGreaterThanOrEqual(0);

    const res = await request(t.server).post('/api/admin/pipelines/reruns').set('Cookie', admin).send({ workflowId: failed.workflowId, runId: failed.runId });
    expect(res.status).toBe(202);
    expect(res.body.workflowId).toMatch(/^scan-reddit-manual-.*-rerun-/);
    const history = await t.deps.temporal.workflow.getHandle(res.body.workflowId).fetchHistory();
    const input = history.events?.[0]?.workflowExecutionStartedEventAttributes?.input?.payloads?.[0]?.data;
    expect(JSON.parse(Buffer.from(input!).toString())).toEqual({ platform: 'reddit' });
    const rerun = await waitForRun((r) => r.workflowId === res.body.workflowId);
    expect(rerun).toMatchObject({ type: 'scanPlatform', platform: 'reddit', status: 'RUNNING' });
    expect(await t.database.db('admin_audit_log').orderBy('id', 'desc').first()).toMatchObject({ action: 'pipeline.rerun', before: { workflowId: failed.workflowId } });
  });

  it('refuses to re-run a running or unknown run', async () => {
    const started = await request(t.server).post('/api/admin/pipelines/scans').set('Cookie', admin).send({ platform: 'twitter' });
    const running = await request(t.server).post('/api/admin/pipelines/reruns').set('Cookie', admin).send({ workflowId: started.body.workflowId });
    expect(running.status).toBe(400);
    const unknown = await request(t.server).post('/api/admin/pipelines/reruns').set('Cookie', admin).send({ workflowId: 'no-such-run' });
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

  it('is 401 anonymously and 403 for users', async () => {
    const user = await signedInCookie(t, 'pipeline-user@example.com');
    for (const [method, path] of [['get', '/api/admin/pipelines/runs'], ['post', '/api/admin/pipelines/scans'], ['post', '/api/admin/pipelines/reruns']] as const) {
      expect((await request(t.server)[method](path).send({ platform: 'reddit' })).status).toBe(401);
      expect((await request(t.server)[method](path).set('Cookie', user).send({ platform: 'reddit' })).status).toBe(403);
    }
  });
});
