import type { AllowanceClaim } from '../../warehouse/postgres/apiKeyAllowance';

/** Where one kind of window (a key's minute, a key's UTC day) keeps its claims: shared by every API process. */
export interface AllowanceStore {
  /** How long a window lasts from its start. */
  windowMs: number;
  /** Claims up to `block` requests of the key's window that holds `at`. */
  claim(keyId: number, at: Date, block: number, limit: number): Promise<AllowanceClaim>;
  /** Gives back what this process claimed of a window and will not serve. */
  release(keyId: number, windowStart: Date, unused: number): Promise<void>;
}

/** A request taken from a key's allowance, or refused: what is left of the window and when it ends. */
export interface AllowanceTake {
  allowed: boolean;
  /** Requests the window has left: unclaimed ones plus this process's unserved claim (exact with one process). */
  remaining: number;
  resetMs: number;
}

export interface AllowanceLeaseOptions {
  /** The largest block one claim asks for, given the allowance (default: a twentieth of it, at most 1,000). */
  maxBlock?: (limit: number) => number;
  /** After a window refused a claim, refuse locally this long before asking again (other processes may give back). */
  recheckMs?: number;
}

interface Lease {
  windowStart: Date;
  endsAt: number;
  /** What this process claimed of the window, and served of that. */
  granted: number;
  used: number;
  /** The window's claims (every process's) as of this process's latest claim. */
  claimed: number;
  /** The next claim's size: doubles with each claim of a window, up to maxBlock. */
  block: number;
  lastUsedAt: number;
  refusedUntil: number;
}

const defaultMaxBlock = (limit: number) => Math.max(1, Math.min(1000, Math.floor(limit / 20)));

/**
 * Each key's allowance in one kind of window, served from memory: a request takes one of the requests this process
 * claimed, and only when none is left does it claim another block in Postgres. Every process's claims together never
 * exceed the allowance, so the allowance holds across processes; with one process a key is refused at exactly its
 * allowance. Blocks start at one request and double while a key keeps calling in the window, so a busy key costs a
 * claim every few hundred requests and an idle one holds nothing back for long (see releaseIdle).
 */
export function createAllowanceLeases(store: AllowanceStore, options: AllowanceLeaseOptions = {}) {
  const maxBlock = options.maxBlock ?? defaultMaxBlock;
  const recheckMs = options.recheckMs ?? 1000;
  const leases = new Map<number, Lease>();
  // One claim in flight per key: concurrent calls of a key wait for it instead of claiming twice.
  const claiming = new Map<number, Promise<void>>();

  const answer = (lease: Lease, limit: number, at: number, allowed: boolean): AllowanceTake => ({
    allowed,
    remaining: allowed ? Math.max(0, limit - lease.claimed) + lease.granted - lease.used : 0,
    resetMs: Math.max(0, lease.endsAt - at),
  });

  async function claim(keyId: number, at: Date, limit: number): Promise<void> {
    const current = leases.get(keyId);
    const live = current && at.getTime() < current.endsAt ? current : undefined;
    const block = Math.min(maxBlock(limit), live ? live.block : 1);
    const got = await store.claim(keyId, at, block, limit);
    const sameWindow = live && live.windowStart.getTime() === got.windowStart.getTime();
    const lease: Lease = sameWindow
      ? live
      : {
          windowStart: got.windowStart,
          endsAt: got.windowStart.getTime() + store.windowMs,
          granted: 0,
          used: 0,
          claimed: 0,
          block: 1,
          lastUsedAt: at.getTime(),
          refusedUntil: 0,
        };
    lease.granted += got.granted;
    lease.claimed = got.claimed;
    lease.block = Math.min(maxBlock(limit), block * 2);
    lease.refusedUntil = got.granted > 0 ? 0 : Math.min(lease.endsAt, at.getTime() + recheckMs);
    leases.set(keyId, lease);
  }

  return {
    /** Takes one request of the key's window holding `at`, claiming more from the store when this process has none left. */
    async take(keyId: number, at: Date, limit: number): Promise<AllowanceTake> {
      const time = at.getTime();
      for (let claims = 0; ;) {
        const pending = claiming.get(keyId);
        if (pending) {
          await pending;
          continue;
        }
        const lease = leases.get(keyId);
        if (lease && time < lease.endsAt) {
          if (lease.used < lease.granted) {
            lease.used++;
            lease.lastUsedAt = time;
            return answer(lease, limit, time, true);
          }
          // The window refused a claim lately: refuse without asking again until the recheck.
          if (time < lease.refusedUntil) return answer(lease, limit, time, false);
        }
        // Each claim either grants requests or sets refusedUntil, so a call claims once or twice; more means the
        // store answers with windows that do not hold `at` (clocks far apart).
        if (++claims > 3)
          throw new Error(`the allowance store gave key ${keyId} no window holding ${at.toISOString()}`);
        const running = claim(keyId, at, limit).finally(() => claiming.delete(keyId));
        claiming.set(keyId, running);
        await running;
      }
    },

    /**
     * Gives back the unserved claims of keys that made no call for `idleMs`, and forgets ended windows, so an idle
     * process holds back no other process's requests for long.
     */
    async releaseIdle(now: Date, idleMs: number): Promise<void> {
      const time = now.getTime();
      const releases: Array<Promise<void>> = [];
      for (const [keyId, lease] of leases) {
        if (claiming.has(keyId)) continue;
        const ended = time >= lease.endsAt;
        if (!ended && time - lease.lastUsedAt < idleMs) continue;
        leases.delete(keyId);
        const unused = lease.granted - lease.used;
        if (!ended && unused > 0) releases.push(store.release(keyId, lease.windowStart, unused));
      }
      await Promise.all(releases);
    },
  };
}
export type AllowanceLeases = ReturnType<typeof createAllowanceLeases>;
