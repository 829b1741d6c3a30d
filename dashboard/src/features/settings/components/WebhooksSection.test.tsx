// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/AppProviders';
import { createQueryClient } from '../../../app/queryClient';
import { Toaster } from '../../../app/toast/Toaster';
import { getToasts, resetToasts } from '../../../testing/toasts';
import { jsonResponse, mockApi, type Handler } from '../../../testing/mockFetch';
import { WebhooksSection } from './WebhooksSection';

afterEach(() => {
  cleanup();
  resetToasts();
  vi.unstubAllGlobals();
});

const target = { id: 3, url: 'https://hooks.example.com/a', format: 'slack', createdAt: '2026-01-05T10:00:00.000Z' };

function renderSection(routes: Record<string, Handler>) {
  let targets: unknown[] = [];
  const requests = mockApi({
    'GET /api/webhooks': () => ({ targets, alertOverrides: [], secret: 'whsec_x', maxTargets: 5 }),
    'GET /api/webhooks/deliveries': [],
    'POST /api/webhooks': () => {
      targets = [target];
      return jsonResponse(target, 201);
    },
    ...routes,
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <WebhooksSection />
      <Toaster />
    </AppProviders>,
  );
  return requests;
}

const section = async () => within(await screen.findByRole('region', { name: 'Webhooks' }));
const submit = async () => fireEvent.click((await section()).getByRole('button', { name: 'Add webhook' }));
const urlField = async () => (await section()).getByLabelText('Webhook URL') as HTMLInputElement;
/** The message under the URL field (its description), as a screen reader reads it with the field. */
const urlMessage = async () => {
  const ids = (await urlField()).getAttribute('aria-describedby') ?? '';
  return ids
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
};

describe('WebhooksSection: the target form', () => {
  it('checks the URL with the contract before sending: required, then a valid URL', async () => {
    const requests = renderSection({});
    await submit();
    await waitFor(async () => expect(await urlMessage()).toBe('url is required'));
    fireEvent.change(await urlField(), { target: { value: 'not a url' } });
    await submit();
    await waitFor(async () => expect(await urlMessage()).toBe('url must be a valid URL'));
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it("shows the server's 400 naming url under the field, not as a toast", async () => {
    renderSection({
      'POST /api/webhooks': jsonResponse({ message: 'url must resolve to a public address', field: 'url' }, 400),
    });
    fireEvent.change(await urlField(), { target: { value: 'https://internal.example/x' } });
    await submit();
    await waitFor(async () => expect(await urlMessage()).toBe('url must resolve to a public address'));
    expect(getToasts()).toEqual([]);
  });

  it('toasts a refusal that names no field', async () => {
    renderSection({ 'POST /api/webhooks': jsonResponse({ message: 'Too many requests' }, 429) });
    fireEvent.change(await urlField(), { target: { value: 'https://hooks.example.com/a' } });
    await submit();
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'Webhook not added', variant: 'destructive' }));
  });

  it('adds a target with its format, lists it and empties the URL, keeping the format', async () => {
    const requests = renderSection({});
    fireEvent.change(await urlField(), { target: { value: '  https://hooks.example.com/a ' } });
    fireEvent.change((await section()).getByLabelText('Format'), { target: { value: 'slack' } });
    await submit();
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
        url: 'https://hooks.example.com/a',
        format: 'slack',
      }),
    );
    expect(await (await section()).findByText('https://hooks.example.com/a', { selector: 'li span' })).toBeTruthy();
    await waitFor(async () => expect((await urlField()).value).toBe(''));
    expect(((await section()).getByLabelText('Format') as HTMLSelectElement).value).toBe('slack');
  });
});
