/**
 * Preloaded into a product process (node --import) to start its clock at E2E_CLOCK_AT (ISO) and let it run on from
 * there: only Date is faked (@sinonjs/fake-timers), timers stay real, so the product behaves as at that moment, e.g.
 * on a weekend with the market closed, whatever the real time is. Plain JavaScript: Node also preloads it into worker
 * threads (Temporal's workflow thread), where no TypeScript loader runs; only the main thread, which runs the API and
 * the activities, gets the pinned clock (workflows keep Temporal's own deterministic time).
 */
import process from 'node:process';
import { isMainThread } from 'node:worker_threads';
import FakeTimers from '@sinonjs/fake-timers';

if (isMainThread) {
  const at = Date.parse(process.env.E2E_CLOCK_AT ?? '');
  if (!Number.isFinite(at)) throw new Error('E2E_CLOCK_AT must be an ISO date and time');
  FakeTimers.install({ now: at, toFake: ['Date'], shouldAdvanceTime: true, advanceTimeDelta: 20 });
}
