import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { pipelineRunStatuses, pipelineWorkflowTypes, type PipelineRun } from '@core/contracts/admin';
import { platforms } from '@core/platforms';
import { Badge, type BadgeVariant } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import {
  pipelineRunsQuery,
  rerunMutationOptions,
  startScanMutationOptions,
  type PipelineFilters,
} from '../api/adminApi';
import { useAdminAction } from './useAdminAction';
import { AmbiguityListEditor } from './AmbiguityListEditor';
import { cn } from '../../../lib/cn';
import { formatCount, formatDateTime, formatDuration } from '../../../lib/format';
import { responsiveTable } from '../../../ui/responsiveTable';
import { FormerSymbolsEditor } from './FormerSymbolsEditor';
import { SelectField } from './SelectField';
import { SentimentLabelsCard } from './SentimentLabelsCard';
import { SentimentRescoreCard } from './SentimentRescoreCard';
import { YouTubeQuotaCard } from './YouTubeQuotaCard';
import { PricePipelineCard } from './PricePipelineCard';

const typeOptions = [
  { value: 'all', label: 'All pipelines' },
  ...pipelineWorkflowTypes.map((t) => ({ value: t, label: t })),
];
const statusOptions = [
  { value: 'all', label: 'Any status' },
  ...pipelineRunStatuses
    .filter((s) => s !== 'UNKNOWN')
    .map((s) => ({ value: s, label: s.toLowerCase().replace(/_/g, ' ') })),
];
const platformOptions = platforms.map((p) => ({ value: p, label: p }));

function statusVariant(status: string): BadgeVariant {
  if (status === 'COMPLETED') return 'success';
  if (status === 'RUNNING') return 'secondary';
  if (status === 'CONTINUED_AS_NEW') return 'outline';
  return 'destructive';
}

/** Operations: recent Temporal runs with their outcome, a scan on demand, a re-run of a failed run, the price refreshes, the sentiment re-score, the YouTube quota, and the ambiguity list. */
export function PipelinesPanel() {
  const [filters, setFilters] = useState<PipelineFilters>({ type: 'scanPlatform', status: 'all' });
  const [platform, setPlatform] = useState<string>('reddit');
  const { data, isLoading, isError, error, refetch, isFetching } = useQuery(pipelineRunsQuery(filters));
  const startScan = useAdminAction(
    startScanMutationOptions,
    (run) => ({ title: 'Scan started', description: run.workflowId }),
    'Failed to start scan',
  );
  const rerun = useAdminAction(
    rerunMutationOptions,
    (run) => ({ title: 'Run started again', description: run.workflowId }),
    'Failed to re-run',
  );

  return (
    <div className="space-y-6">
      <Card className="p-4">
        <div className="flex flex-wrap items-end gap-3">
          <SelectField label="Platform" value={platform} options={platformOptions} onChange={setPlatform} />
          <Button onClick={() => startScan.mutate(platform)} disabled={startScan.isPending}>
            {startScan.isPending ? 'Starting...' : 'Run Scan Now'}
          </Button>
          <div className="ml-auto flex flex-wrap items-end gap-3">
            <SelectField
              label="Pipeline"
              value={filters.type}
              options={typeOptions}
              onChange={(type) => setFilters({ ...filters, type })}
            />
            <SelectField
              label="Run status"
              value={filters.status}
              options={statusOptions}
              onChange={(status) => setFilters({ ...filters, status })}
            />
            <Button variant="outline" onClick={() => void refetch()} disabled={isFetching}>
              Refresh
            </Button>
          </div>
        </div>
        {data && !data.temporalUiUrl && (
          <p className="mt-2 text-xs text-slate-500">Set TEMPORAL_UI_URL to link runs to the Temporal UI.</p>
        )}
      </Card>

      <Card className="p-4">
        <h3 className="mb-3 font-semibold text-slate-900 dark:text-white">Recent runs</h3>
        {isLoading ? (
          <p className="text-slate-600 dark:text-slate-400">Loading runs...</p>
        ) : isError ? (
          <p role="alert" className="text-red-600">
            Could not load runs: {error.message}
          </p>
        ) : !data || data.runs.length === 0 ? (
          <p className="text-slate-600 dark:text-slate-400">No runs found</p>
        ) : (
          <RunsTable
            runs={data.runs}
            rerunning={rerun.isPending}
            onRerun={(run) => rerun.mutate({ workflowId: run.workflowId, runId: run.runId })}
          />
        )}
      </Card>

      <PricePipelineCard />
      <SentimentRescoreCard />
      <SentimentLabelsCard />

      <YouTubeQuotaCard />

      <div className="grid gap-4 lg:grid-cols-2">
        <AmbiguityListEditor />
        <FormerSymbolsEditor />
      </div>
    </div>
  );
}

function RunsTable({
  runs,
  rerunning,
  onRerun,
}: {
  runs: PipelineRun[];
  rerunning: boolean;
  onRerun: (run: PipelineRun) => void;
}) {
  return (
    <div className={responsiveTable.wrapper}>
      <table className={responsiveTable.table}>
        <thead className={responsiveTable.thead}>
          <tr>
            {['Type', 'Platform', 'Status', 'Started', 'Duration', 'Posts', 'Mentions', 'Error', 'Actions'].map((h) => (
              <th key={h} scope="col" className={responsiveTable.th}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={responsiveTable.tbody}>
          {runs.map((run) => (
            <tr
              key={`${run.workflowId}/${run.runId}`}
              data-testid="pipeline-run"
              data-workflow-id={run.workflowId}
              className={responsiveTable.tr}
            >
              <td data-label="Type" className={responsiveTable.td}>
                <div className="min-w-0">
                  <div>{run.type}</div>
                  <div className="max-w-[16rem] truncate font-mono text-xs text-slate-500" title={run.workflowId}>
                    {run.workflowId}
                  </div>
                </div>
              </td>
              <td data-label="Platform" className={responsiveTable.td}>
                {run.platform ?? '–'}
              </td>
              <td data-label="Status" className={responsiveTable.td}>
                <Badge variant={statusVariant(run.status)}>{run.status.toLowerCase().replace(/_/g, ' ')}</Badge>
              </td>
              <td data-label="Started" className={cn(responsiveTable.td, 'whitespace-nowrap')}>
                {formatDateTime(run.startedAt)}
              </td>
              <td data-label="Duration" className={cn(responsiveTable.td, 'whitespace-nowrap')}>
                {formatDuration(run.durationMs)}
              </td>
              <td data-label="Posts" className={cn(responsiveTable.td, 'text-right tabular-nums')}>
                {run.posts === null ? '–' : formatCount(run.posts)}
              </td>
              <td data-label="Mentions" className={cn(responsiveTable.td, 'text-right tabular-nums')}>
                {run.mentions === null ? '–' : formatCount(run.mentions)}
              </td>
              <td
                data-label="Error"
                className={cn(responsiveTable.td, 'md:max-w-[20rem] text-xs text-red-700 dark:text-red-400')}
              >
                {run.error ?? ''}
              </td>
              <td data-label="Actions" className={cn(responsiveTable.td, 'space-x-2 whitespace-nowrap')}>
                {run.temporalUrl && (
                  <a
                    href={run.temporalUrl}
                    target="_blank"
                    rel="noreferrer"
                    className="text-blue-600 underline dark:text-blue-400"
                  >
                    Open in Temporal
                  </a>
                )}
                {run.canRerun && (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={rerunning}
                    onClick={() => onRerun(run)}
                    aria-label={`Re-run ${run.workflowId}`}
                  >
                    Re-run
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
