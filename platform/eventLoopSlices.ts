/**
 * Cuts long synchronous work into slices of CPU time, giving the event loop a turn between them. In embedded mode the
 * API shares its thread with the worker's activities, and work such as analysing a first scan's week of posts (about
 * 20,000 a source, several sources at once) held every request for seconds when done in one go.
 *
 * Every piece of work on a thread shares one slice per turn of the event loop: work that finds the slice used up waits
 * for the same next turn as the rest, so however many scans run at once, a turn holds at most about one slice of
 * their work before pending requests are served.
 */
export function createEventLoopSlicer(
  sliceMs: number,
  now: () => number = () => performance.now(),
): () => Promise<void> | undefined {
  let sliceStart = now();
  let nextTurn: Promise<void> | undefined;
  return () => {
    if (now() - sliceStart < sliceMs) return undefined;
    nextTurn ??= new Promise<void>((resolve) =>
      setImmediate(() => {
        nextTurn = undefined;
        sliceStart = now();
        resolve();
      }),
    );
    return nextTurn;
  };
}

/**
 * This thread's slicer: call it between steps of long work and await what it returns (nothing while the slice lasts;
 * after it, a promise of the next turn, which comes after pending I/O callbacks). One per thread because the event
 * loop is one per thread.
 */
export const pauseForEventLoop = createEventLoopSlicer(10);
