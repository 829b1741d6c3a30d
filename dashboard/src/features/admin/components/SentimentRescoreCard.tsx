import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { formatCount, formatDateTime } from '../../../lib/format';
import { rescoreStatusQuery, startRescoreMutationOptions } from '../api/adminApi';
import { useAdminAction } from './useAdminAction';

/**
 * The sentiment re-score of stored mentions: every mention gets the transformer's label, newest hour first. New
 * mentions get it within minutes anyway; operators run this after a model change, and watch it here.
 */
export function SentimentRescoreCard() {
  const { data, isLoading, isError, error } = useQuery(rescoreStatusQuery());
  const start = useAdminAction(
    startRescoreMutationOptions,
    (run) => ({ title: 'Re-score started', description: run.workflowId }),
    'Failed to start the re-score',
  );
  const running = data?.state === 'running';
  const progress = data?.progress;
  const percent =
    progress && progress.hoursTotal > 0 ? Math.round((100 * progress.hoursDone) / progress.hoursTotal) : 0;
  return (
    <Card className="p-4" data-testid="sentiment-rescore">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="font-semibold text-slate-900 dark:text-white">Sentiment re-score</h3>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Gives every stored mention the transformer&apos;s label, newest hour first. Safe to start again; a worker
            restart resumes where it stopped.
          </p>
        </div>
        <Button onClick={() => start.mutate(undefined)} disabled={start.isPending || running || isLoading}>
          {start.isPending ? 'Starting...' : running ? 'Re-score running' : 'Re-score History'}
        </Button>
      </div>
      {isLoading ? (
        <p className="mt-3 text-slate-600 dark:text-slate-400">Loading...</p>
      ) : isError ? (
        <p role="alert" className="mt-3 text-red-600">
          Could not load the re-score: {error.message}
        </p>
      ) : data && data.state !== 'idle' ? (
        <div className="mt-3 space-y-2 text-sm text-slate-700 dark:text-slate-300">
          {progress ? (
            <>
              <div
                className="h-2 w-full overflow-hidden rounded bg-slate-200 dark:bg-slate-800"
                role="progressbar"
                aria-label="Re-score progress"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
              >
                <div className="h-full bg-emerald-500" style={{ width: `${percent}%` }} />
              </div>
              <p>
                {formatCount(progress.hoursDone)} of {formatCount(progress.hoursTotal)} hours,{' '}
                {formatCount(progress.relabelled)} posts re-labelled by {progress.analyser}
                {data.state === 'completed' && data.closedAt ? `; finished ${formatDateTime(data.closedAt)}` : ''}
              </p>
            </>
          ) : (
            <p>
              {running
                ? 'Running; its progress shows once a worker answers.'
                : data.state === 'failed'
                  ? 'The last re-score did not finish: start it again.'
                  : 'Finished.'}
            </p>
          )}
        </div>
      ) : (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">No re-score has run yet.</p>
      )}
    </Card>
  );
}
