import { useQuery } from '@tanstack/react-query';
import { Card } from '../../../ui/Card';
import { youtubeQuotaQuery } from '../api/adminApi';
import { formatCount, formatDateTime } from '../../../lib/format';

/** YouTube Data API units spent today per source (search.list 100 each, list calls 1 each) against each source's share. */
export function YouTubeQuotaCard() {
  const { data, isLoading, isError, error } = useQuery(youtubeQuotaQuery());
  return (
    <Card className="p-4" data-testid="youtube-quota">
      <h3 className="mb-1 font-semibold text-slate-900 dark:text-white">YouTube API quota today</h3>
      {isLoading ? (
        <p className="text-slate-600 dark:text-slate-400">Loading quota...</p>
      ) : isError ? (
        <p role="alert" className="text-red-600">
          Could not load the quota: {error.message}
        </p>
      ) : data ? (
        <>
          <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
            {formatCount(data.spent)} of {formatCount(data.dailyQuota)} units spent on {data.day} (Pacific time); resets{' '}
            {formatDateTime(data.resetsAt)}.
            {!data.live && ' YouTube runs on the simulated feed: no units are spent until YOUTUBE_API_KEY is set.'}
          </p>
          {/* Focusable, so a keyboard user can scroll the table sideways on a narrow screen. */}
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="YouTube quota by source">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-slate-200 text-slate-600 dark:border-slate-800 dark:text-slate-400">
                <tr>
                  {['Source', 'Search (100 each)', 'Reads (1 each)', 'Total', 'Daily share'].map((h) => (
                    <th key={h} scope="col" className="px-3 py-2 font-medium">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {data.sources.map((s) => (
                  <tr key={`${s.settingType}/${s.source}`} data-testid="quota-source">
                    <td className="px-3 py-2">
                      {s.source} <span className="text-xs text-slate-500">({s.settingType})</span>
                    </td>
                    <td className="px-3 py-2">{formatCount(s.searchUnits)}</td>
                    <td className="px-3 py-2">{formatCount(s.readUnits)}</td>
                    <td className="px-3 py-2">{formatCount(s.units)}</td>
                    <td className="px-3 py-2">{s.share > 0 ? formatCount(s.share) : 'not listed'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </Card>
  );
}
