import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { OutboxMessageView } from '@core/contracts/alerts';
import { getErrorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { Spinner } from '../../../ui/Spinner';
import { cn } from '../../../lib/cn';
import { responsiveTable } from '../../../ui/responsiveTable';
import { outboxQueryOptions } from './outboxApi';

/**
 * The admin's Outbox: every e-mail the in-process SMTP capture received and every SMS kept because Twilio is not
 * configured, newest first, paginated. Selecting a message shows its text and HTML bodies.
 */
export function OutboxPanel() {
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<OutboxMessageView | null>(null);
  const outbox = useQuery(outboxQueryOptions(page));
  const data = outbox.data;

  return (
    <Card className="p-6">
      <section aria-labelledby="outbox-heading" className="space-y-4">
        <div>
          <h2 id="outbox-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
            Outbox
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            E-mails caught by the built-in SMTP capture and SMS kept while Twilio is not configured.
          </p>
        </div>
        {outbox.isPending ? (
          <Spinner className="h-6 w-6" />
        ) : outbox.isError ? (
          <p role="alert" className="text-sm text-red-600">
            {getErrorMessage(outbox.error, 'Failed to load the outbox')}
          </p>
        ) : !data || data.messages.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">No messages yet.</p>
        ) : (
          <>
            <table className={responsiveTable.table}>
              <thead className={responsiveTable.thead}>
                <tr>
                  <th scope="col" className={responsiveTable.th}>
                    Channel
                  </th>
                  <th scope="col" className={responsiveTable.th}>
                    To
                  </th>
                  <th scope="col" className={responsiveTable.th}>
                    Subject / text
                  </th>
                  <th scope="col" className={responsiveTable.th}>
                    Received
                  </th>
                </tr>
              </thead>
              <tbody className={responsiveTable.tbody}>
                {data.messages.map((m) => (
                  <tr key={m.id} className={responsiveTable.tr}>
                    <td data-label="Channel" className={responsiveTable.td}>
                      <Badge variant={m.channel === 'email' ? 'default' : 'secondary'}>
                        {m.channel === 'email' ? 'E-mail' : 'SMS'}
                      </Badge>
                    </td>
                    <td data-label="To" className={cn(responsiveTable.td, '[overflow-wrap:anywhere]')}>
                      {m.to.join(', ')}
                    </td>
                    <td data-label="Subject / text" className={responsiveTable.td}>
                      <button
                        type="button"
                        className="text-left text-blue-600 hover:underline dark:text-blue-400"
                        onClick={() => setSelected(m)}
                      >
                        {m.subject ?? m.text.slice(0, 80)}
                      </button>
                    </td>
                    <td data-label="Received" className={cn(responsiveTable.td, 'whitespace-nowrap')}>
                      {formatDateTime(m.receivedAt)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <div className="flex items-center gap-3">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                Previous
              </Button>
              {data.totalPages > 1 && (
                <span className="text-sm text-slate-600 dark:text-slate-400">
                  Page {page} of {data.totalPages}
                </span>
              )}
              <Button
                variant="outline"
                size="sm"
                disabled={page >= data.totalPages}
                onClick={() => setPage((p) => p + 1)}
              >
                Next
              </Button>
            </div>
          </>
        )}
        {selected && (
          <div className="space-y-2 rounded-lg border border-slate-200 p-4 dark:border-slate-800" aria-label="Message">
            <div className="flex items-start justify-between gap-3">
              <div className="text-sm">
                <p>
                  <strong>From:</strong> {selected.from}
                </p>
                <p>
                  <strong>To:</strong> {selected.to.join(', ')}
                </p>
                {selected.subject && (
                  <p>
                    <strong>Subject:</strong> {selected.subject}
                  </p>
                )}
              </div>
              <Button variant="ghost" size="sm" onClick={() => setSelected(null)}>
                Close
              </Button>
            </div>
            {selected.html ? (
              // Captured HTML is shown in a sandbox: no scripts, no same-origin access.
              <iframe
                title="HTML body"
                sandbox=""
                srcDoc={selected.html}
                className="h-80 w-full rounded border border-slate-200 bg-white dark:border-slate-800"
              />
            ) : null}
            <pre className="whitespace-pre-wrap text-sm text-slate-800 dark:text-slate-200">{selected.text}</pre>
          </div>
        )}
      </section>
    </Card>
  );
}
