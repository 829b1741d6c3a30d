import { useQuery } from '@tanstack/react-query';
import { Card } from '../../../ui/Card';
import { responsiveTable } from '../../../ui/responsiveTable';
import { cn } from '../../../lib/cn';
import { formatAgo, formatCount, formatDateTime } from '../../../lib/format';
import { labelCoverageQuery, rescoreStatusQuery } from '../api/adminApi';
import {
  ANALYSER_KIND_LABELS,
  FIRST_LABEL_LAG_WARNING_MS,
  summariseLabelCoverage,
  type FirstLabelLag,
} from '../model/labelCoverage';

const FIRST_LABEL_ENDINGS: Record<FirstLabelLag, string> = {
  none: '.',
  usual: '.',
  'history run': ': the re-score above is replacing them, newest hour first.',
  behind: `: the re-score is behind (it normally replaces a first label within ${FIRST_LABEL_LAG_WARNING_MS / 60_000} minutes; check the workers and the runs above).`,
};

/**
 * The last day's mentions by the analyser of their current label: whether the transformer keeps up with ingest (a
 * fast first label should last minutes) and which models labelled what.
 */
export function SentimentLabelsCard() {
  const { data, isLoading, isError, error, dataUpdatedAt } = useQuery(labelCoverageQuery());
  // The same query as the re-score card above: whether a history re-score is replacing the first labels now.
  const rescore = useQuery(rescoreStatusQuery());
  const summary = data ? summariseLabelCoverage(data, dataUpdatedAt, rescore.data) : null;
  return (
    <Card className="p-4" data-testid="sentiment-labels">
      <h3 className="mb-1 font-semibold text-slate-900 dark:text-white">Sentiment labels, last 24 hours</h3>
      {isLoading ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Loading labels...</p>
      ) : isError ? (
        <p role="alert" className="text-sm text-red-600">
          Could not load the labels: {error.message}
        </p>
      ) : data && summary ? (
        data.mentions === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">No mentions in the last 24 hours.</p>
        ) : (
          <div className="space-y-2 text-sm text-slate-700 dark:text-slate-300">
            <p>
              {formatCount(data.mentions)} mentions; {summary.transformerPercent}% carry the transformer&apos;s label.
            </p>
            {summary.oldestFirstLabelAgeMs !== null ? (
              <p className={summary.lag === 'behind' ? 'font-medium text-amber-700 dark:text-amber-300' : undefined}>
                {formatCount(summary.firstLabels)} still carry the fast first label, the oldest posted{' '}
                {formatAgo(summary.oldestFirstLabelAgeMs)}
                {FIRST_LABEL_ENDINGS[summary.lag]}
              </p>
            ) : null}
            <div className={responsiveTable.wrapper}>
              <table className={responsiveTable.table}>
                <thead className={responsiveTable.thead}>
                  <tr>
                    <th className={responsiveTable.th}>Analyser</th>
                    <th className={responsiveTable.th}>Label</th>
                    <th className={responsiveTable.th}>Mentions</th>
                    <th className={responsiveTable.th}>Newest</th>
                  </tr>
                </thead>
                <tbody className={responsiveTable.tbody}>
                  {data.analysers.map((a) => (
                    <tr key={a.analyser} className={responsiveTable.tr}>
                      <td data-label="Analyser" className={cn(responsiveTable.td, 'font-mono text-xs break-all')}>
                        {a.analyser}
                      </td>
                      <td data-label="Label" className={responsiveTable.td}>
                        {ANALYSER_KIND_LABELS[a.kind]}
                      </td>
                      <td data-label="Mentions" className={responsiveTable.td}>
                        {formatCount(a.mentions)}
                      </td>
                      <td data-label="Newest" className={responsiveTable.td}>
                        {formatDateTime(a.newest)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        )
      ) : null}
    </Card>
  );
}
