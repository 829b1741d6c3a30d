/**
 * Preloaded into a product process (node --import) to start its clock at E2E_CLOCK_AT (ISO) and let it run on from
 * there: only Date is faked (@sinonjs/fake-timers), timers stay real, so the product behaves as at that moment, e.g.
 * on a weekend with the market closed, whatever the real time is.
 */
import FakeTimers from '@sinonjs/fake-timers';

const at = Date.parse(process.env.E2E_CLOCK_AT ?? '');
if (!Number.isFinite(at)) throw new Error('E2E_CLOCK_AT must be an ISO date and time');
FakeTimers.install({ now: at, toFake: ['Date'], shouldAdvanceTime: true, advanceTimeDelta: 20 });
