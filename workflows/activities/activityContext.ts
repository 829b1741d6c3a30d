import { Context } from '@temporalio/activity';

/**
 * The running activity's context, or none when an activity's function is called directly (tests and benchmarks), so
 * the same functions serve both.
 */
export function activityContext(): Context | undefined {
  try {
    return Context.current();
  } catch {
    return undefined;
  }
}
