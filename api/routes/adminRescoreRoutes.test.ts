import { WorkflowIdReusePolicy } from '@temporalio/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { MentionRescorer } from '../../domain/sentiment/rescoreMentions';
import { createRescoreRunService } from '../admin/rescoreRun';
import { HOUR, mentionAt } from '../../tests/support/mentionRows';
import { signedInCookie } from '../../tests/support/signIn';
import { startTestApp, type TestApp } from '../../tests/support/testApp';
import { uniqueTaskQueue } from '../../tests/support/testStores';
import { insertMentions } from '../../warehouse/queries/insertMentions';
import type { Activities } from '../../workflows/activities';
import { createRescoreActivities } from '../../workflows/activities/rescoreActivities';
import { startWorker, type RunningWorker } from '../../workflows/worker';

describe('the sentiment re-score from the Pipelines page: GET and POST /api/admin/pipelines/rescore', () => {
  let t: TestApp;
  let worker: RunningWorker;
  let admin: string;
  const taskQueue = uniqueTaskQueue('rescore-api');
  const now = new Date('2026-11-20T15:30:00Z');
  // Each hour waits for the test to let it go, so the run can be seen midway. An hour's first visit relabels its two
  // mentions; a later one (the sweep that checks nothing was written behind the run) finds them labelled.
  let release: () => void = () => {};
  let gate = new Promise<void>((r) => (release = r));
  let labelled = new Set<number>();
  const rescorer: MentionRescorer = {
    version: 'transformer-test',
    async rescoreHour(hour) {
      await gate;
      if (labelled.has(hour.getTime())) return { relabelled: 0 };
      labelled.add(hour.getTime());
      return { relabelled: 2 };
    },
  };

  beforeAll(async () => {
    t = await startTestApp({}, { TEMPORAL_TASK_QUEUE: taskQueue });
    admin = await signedInCookie(t, 'rescore-admin@example.com', 'admin');
    await insertMentions(t.deps.warehouse, [
      mentionAt('GME', now.getTime() - 2 * HOUR),
      mentionAt('GME', now.getTime() - 10 * 60_000),
    ]);
    const activities = createRescoreActivities({ warehouse: t.deps.warehouse, rescorer, now: () => now });
    // Only the re-score activities: no other workflow runs on this task queue.
    worker = await startWorker({
      address: inject('temporalAddress'),
      namespace: 'default',
      taskQueue,
      activities: activities as unknown as Activities,
    });
  });
  afterAll(async () => {
    release();
    await worker?.stop();
    await t?.close();
  });

  it('starts one run, refuses a second while it runs, and reports its progress to the end', async () => {
    expect((await request(t.server).get('/api/admin/pipelines/rescore').set('Cookie', admin)).body).toMatchObject({
      state: 'idle',
      progress: null,
    });

    const started = await request(t.server).post('/api/admin/pipelines/rescore').set('Cookie', admin).send({});
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ workflowId: `rescore-mentions-${taskQueue}`, type: 'rescoreMentions' });
    const again = await request(t.server).post('/api/admin/pipelines/rescore').set('Cookie', admin).send({});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('A re-score is already running');

    let status = (await request(t.server).get('/api/admin/pipelines/rescore').set('Cookie', admin)).body;
    for (let i = 0; i < 100 && !status.progress; i++) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await request(t.server).get('/api/admin/pipelines/rescore').set('Cookie', admin)).body;
    }
    expect(status).toMatchObject({
      state: 'running',
      progress: { analyser: 'transformer-test', hoursDone: 0, hoursTotal: 3, relabelled: 0 },
    });

    release();
    for (let i = 0; i < 100 && status.state !== 'completed'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await request(t.server).get('/api/admin/pipelines/rescore').set('Cookie', admin)).body;
    }
    expect(status).toMatchObject({ state: 'completed', progress: { hoursDone: 3, hoursTotal: 3, relabelled: 6 } });
    const audit = await t.deps.db('admin_audit_log').where({ action: 'pipeline.rescore' });
    expect(audit).toHaveLength(1);

    // Finished: it may run again.
    gate = Promise.resolve();
    expect((await request(t.server).post('/api/admin/pipelines/rescore').set('Cookie', admin).send({})).status).toBe(
      202,
    );
  }, 60_000);

  const runs = () => createRescoreRunService({ temporal: t.deps.temporal, taskQueue });
  const completed = async () => {
    for (let i = 0; i < 100; i++) {
      const status = await runs().status();
      if (status.state !== 'running') return status;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the re-score did not finish');
  };

  it("a worker's start re-labels history only when the last run labelled with another model", async () => {
    const runs = createRescoreRunService({ temporal: t.deps.temporal, taskQueue });
    expect(await completed()).toMatchObject({ state: 'completed', progress: { analyser: 'transformer-test' } });
    expect(await runs.startUnlessLabelledBy('transformer-test')).toBeNull();

    // Another model's labels: the history runs again (this worker's rescorer stands in for the new model).
    labelled = new Set();
    const started = await runs.startUnlessLabelledBy('transformer-before');
    expect(started).toMatchObject({ workflowId: `rescore-mentions-${taskQueue}` });
    expect(await runs.startUnlessLabelledBy('transformer-before')).toBeNull();
    expect(await completed()).toMatchObject({ state: 'completed', progress: { hoursDone: 3, relabelled: 6 } });
  }, 60_000);

  it("a worker's start covers all of history when the last run covered only a scan's hours, or is still running", async () => {
    await completed();
    // A run as a scan starts it: from the hour of the mentions it wrote (the latest hour), not from the oldest.
    const startedByScan = () =>
      t.deps.temporal.workflow.start('rescoreMentions', {
        taskQueue,
        workflowId: `rescore-mentions-${taskQueue}`,
        args: [{ fromHour: Math.floor((now.getTime() - 10 * 60_000) / HOUR) * HOUR }],
        workflowIdReusePolicy: WorkflowIdReusePolicy.ALLOW_DUPLICATE,
      });
    labelled = new Set();
    gate = Promise.resolve();
    await startedByScan();
    expect(await completed()).toMatchObject({ progress: { analyser: 'transformer-test', hoursTotal: 1 } });
    // Same model, but the older hours were never this run's: they are re-labelled now.
    expect(await runs().startUnlessLabelledBy('transformer-test')).toMatchObject({
      workflowId: `rescore-mentions-${taskQueue}`,
    });
    expect(await completed()).toMatchObject({ progress: { hoursTotal: 3, relabelled: 4 } });
    expect(await runs().startUnlessLabelledBy('transformer-test')).toBeNull();

    // Still running over the latest hour when a worker starts: it sweeps all of history once more before it ends.
    labelled = new Set();
    gate = new Promise<void>((r) => (release = r));
    await startedByScan();
    expect(await runs().startUnlessLabelledBy('transformer-test')).toBeNull();
    release();
    expect(await completed()).toMatchObject({ state: 'completed', progress: { hoursTotal: 3, relabelled: 6 } });
  }, 60_000);
});
