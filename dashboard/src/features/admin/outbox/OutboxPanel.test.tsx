// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/AppProviders';
import { createQueryClient } from '../../../app/queryClient';
import { mockApi } from '../../../testing/mockFetch';
import { OutboxPanel } from './OutboxPanel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const message = (id: number, channel: 'email' | 'sms') => ({
  id,
  channel,
  from: 'alerts@stockpulse.app',
  to: [channel === 'email' ? `user${id}@example.com` : '+14155550100'],
  subject: channel === 'email' ? `Subject ${id}` : null,
  text: `Body ${id}`,
  html: channel === 'email' ? `<p>Body ${id}</p>` : null,
  messageId: null,
  receivedAt: '2026-01-05T10:00:00.000Z',
});

describe('OutboxPanel', () => {
  it('lists captured messages, pages through them and opens one', async () => {
    const requests = mockApi({
      'GET /api/admin/outbox?page=1&limit=20': {
        messages: [message(3, 'email'), message(2, 'sms')],
        total: 21,
        totalPages: 2,
      },
      'GET /api/admin/outbox?page=2&limit=20': { messages: [message(1, 'email')], total: 21, totalPages: 2 },
    });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <OutboxPanel />
      </AppProviders>,
    );
    expect(await screen.findByText('Subject 3')).toBeTruthy();
    expect(screen.getByText('SMS')).toBeTruthy();
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    fireEvent.click(screen.getByText('Subject 3'));
    expect(screen.getByTitle('HTML body').getAttribute('sandbox')).toBe('');
    expect(screen.getByText('Body 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Subject 1')).toBeTruthy();
    expect(requests.map((r) => r.url)).toContain('/api/admin/outbox?page=2&limit=20');
  });
});
