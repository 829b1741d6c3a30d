import { fileURLToPath } from 'node:url';
import { bundleWorkflowCode, NativeConnection, Worker, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import type { Activities } from './activities';

export const workflowsPath = fileURLToPath(new URL('./definitions/index.ts', import.meta.url));

let bundle: Promise<WorkflowBundleWithSourceMap> | undefined;
/** Bundling takes seconds; do it once per process. */
export function workflowBundle(): Promise<WorkflowBundleWithSourceMap> {
  bundle ??= bundleWorkflowCode({ workflowsPath, logger: quietBundlerLogger });
  return bundle;
}

const noop = () => {};
/** Webpack's progress is noise in tests and at start-up; errors still show. */
export const quietBundlerLogger = { trace: noop, debug: noop, info: noop, warn: noop, error: console.error, log: noop };

export interface RunningWorker {
  worker: Worker;
  /** Resolves when the worker has stopped; rejects if it crashed. */
  done: Promise<void>;
  stop(): Promise<void>;
}

export async function startWorker(options: {
  address: string;
  namespace: string;
  taskQueue: string;
  /** Every activity, or (a worker that only sends, in tests) the ones its workflows call. */
  activities: Activities | Partial<Activities>;
  /** A bundle built earlier (tests build one per run); default: built once per process. */
  workflowBundle?: { codePath: string };
}): Promise<RunningWorker> {
  const connection = await NativeConnection.connect({ address: options.address });
  const worker = await Worker.create({
    connection,
    namespace: options.namespace,
    taskQueue: options.taskQueue,
    workflowBundle: options.workflowBundle ?? (await workflowBundle()),
    activities: options.activities,
    // On shutdown, running activities get five seconds, then their cancellation (the long ones stop between steps);
    // one that ignores it is abandoned after ten, so a stop always ends and the process exits cleanly.
    shutdownGraceTime: '5 seconds',
    shutdownForceTime: '10 seconds',
  });
  const done = worker.run();
  return {
    worker,
    done,
    async stop() {
      if (worker.getState() === 'RUNNING') worker.shutdown();
      await done.catch(() => {});
      await connection.close();
    },
  };
}
