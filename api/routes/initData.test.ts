import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedInCookie } from '../../tests/support/signIn';
import { startTestApp, type TestApp } from '../../tests/support/testApp';
import { uniqueTaskQueue } from '../../tests/support/testStores';

/** POST /api/init-data against the real Temporal dev server, counting the schedule calls the API makes. */
describe('POST /api/init-data ensures the schedules once per process', () => {
  let t: TestApp;
  let cookie: string;
  const taskQueue = uniqueTaskQueue('init-data');
  let scheduleIds: string[] = [];
  const initData = () => request(t.server).post('/api/init-data').set('Cookie', cookie).send({});

  beforeAll(async () => {
    t = await startTestApp({}, { TEMPORAL_TASK_QUEUE: taskQueue });
    // An admin: exempt from the one-a-minute limit of users (api/routes/onDemandJobs.test.ts), so every call reaches the work.
    cookie = await signedInCookie(t, 'init-data@example.com', 'admin');
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    for (const id of scheduleIds)
      await t.deps.temporal.schedule
        .getHandle(id)
        .delete()
        .catch(() => {});
    for await (const info of t.deps.temporal.workflow.list({
      query: `TaskQueue = '${taskQueue}' AND ExecutionStatus = 'Running'`,
    })) {
      await t.deps.temporal.workflow.getHandle(info.workflowId, info.runId).terminate('test cleanup');
    }
    await t.close();
  });

  it('retries after Temporal failed, then makes no schedule call on later requests, concurrent ones included', async () => {
    const service = t.deps.temporal.workflowService;
    const creates = vi.spyOn(service, 'createSchedule');
    const updates = vi.spyOn(service, 'updateSchedule');
    const describes = vi.spyOn(service, 'describeSchedule');
    const scheduleCalls = () => creates.mock.calls.length + updates.mock.calls.length + describes.mock.calls.length;

    creates.mockRejectedValueOnce(new Error('connection refused'));
    const failed = await initData();
    expect(failed.status).toBe(503);
    expect(failed.body.message).toMatch(/^The pipeline scheduler is unavailable/);

    const first = await initData();
    expect(first.status).toBe(200);
    scheduleIds = first.body.schedules;
    expect(scheduleIds).toEqual(
      expect.arrayContaining(['scan-reddit', 'refresh-prices', 'evaluate-alerts', 'weekly-digest']),
    );
    const afterFirst = scheduleCalls();
    expect(afterFirst).toBeGreaterThanOrEqual(scheduleIds.length + 1);

    const later = [...(await Promise.all([initData(), initData(), initData()])), await initData(), await initData()];
    for (const res of later) {
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ sourceListsAdded: 0, schedules: scheduleIds });
    }
    expect(scheduleCalls()).toBe(afterFirst);
  });
});
