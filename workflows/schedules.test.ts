import { Client, Connection, ScheduleOverlapPolicy } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { uniqueTaskQueue } from '../tests/support/testStores';
import { upsertSchedule } from './schedules';

describe('upsertSchedule on the real Temporal dev server', () => {
  let client: Client;
  const taskQueue = uniqueTaskQueue('upsert-schedule');
  // Schedule ids are namespace-wide: this file's own, so no product schedule is touched.
  const scheduleId = `upsert-${taskQueue}`;
  const action = (workflowType: string) => ({
    type: 'startWorkflow' as const,
    workflowType,
    taskQueue,
    args: [],
    workflowId: scheduleId,
  });

  beforeAll(async () => {
    client = new Client({ connection: await Connection.connect({ address: inject('temporalAddress') }) });
  });
  afterAll(async () => {
    await client?.schedule
      .getHandle(scheduleId)
      .delete()
      .catch(() => {});
    await client?.connection.close();
  });

  it('creates the schedule, and a second call leaves one schedule with the new spec and action', async () => {
    expect(await upsertSchedule(client, scheduleId, { intervals: [{ every: '5m' }] }, action('refreshPrices'))).toBe(
      scheduleId,
    );
    const created = await client.schedule.getHandle(scheduleId).describe();
    expect(created.spec.intervals?.map((i) => i.every)).toEqual([5 * 60_000]);
    expect(created.policies).toMatchObject({ overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: 60_000 });

    expect(
      await upsertSchedule(client, scheduleId, { calendars: [{ hour: 3, minute: 15 }] }, action('detectTrends')),
    ).toBe(scheduleId);
    const updated = await client.schedule.getHandle(scheduleId).describe();
    expect(updated.spec.intervals ?? []).toEqual([]);
    expect(updated.spec.calendars?.map((c) => ({ hour: c.hour, minute: c.minute }))).toEqual([
      { hour: [{ start: 3, end: 3, step: 1 }], minute: [{ start: 15, end: 15, step: 1 }] },
    ]);
    expect(updated.action).toMatchObject({ type: 'startWorkflow', workflowType: 'detectTrends', taskQueue });
    expect(updated.policies).toMatchObject({ overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: 60_000 });

    // The namespace lists it once (the schedule list is eventually consistent: wait until it shows the update).
    await expect
      .poll(
        async () => {
          const listed = [];
          for await (const s of client.schedule.list({ query: `ScheduleId = '${scheduleId}'` })) listed.push(s.action);
          return listed;
        },
        { timeout: 20_000, interval: 250 },
      )
      .toEqual([expect.objectContaining({ workflowType: 'detectTrends' })]);
  });
});
