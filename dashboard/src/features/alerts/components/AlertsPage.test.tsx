// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Alert } from '@core/contracts/alerts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/AppProviders';
import { createQueryClient } from '../../../app/queryClient';
import { CURRENT_USER_QUERY_KEY } from '../../../app/session/currentUserQuery';
import { LOGIN_REDIRECT_DELAY_MS, loginRedirect } from '../../../app/session/unauthorizedRedirect';
import { Toaster } from '../../../app/toast/Toaster';
import { getToasts, resetToasts } from '../../../testing/toasts';
import { makeStock, makeUser } from '../../../testing/fixtures';
import { jsonResponse, mockApi, textResponse, type Handler } from '../../../testing/mockFetch';
import { AlertsPage } from './AlertsPage';

afterEach(() => {
  cleanup();
  resetToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const makeAlert = (overrides: Partial<Alert> = {}): Alert => ({
  id: 1,
  userId: 'u1',
  kind: 'threshold',
  stockId: 7,
  mentionThreshold: 1000,
  spikeFactor: null,
  minMentions: null,
  trendScope: null,
  windowMinutes: 1440,
  emailEnabled: true,
  smsEnabled: false,
  isActive: true,
  createdAt: '2026-01-05T10:00:00.000Z',
  lastTriggeredAt: null,
  stock: { ticker: 'NVDA', name: 'NVIDIA Corporation' },
  webhook: null,
  ...overrides,
});

const stocks = [
  makeStock({ id: 7, ticker: 'NVDA', name: 'NVIDIA Corporation' }),
  makeStock({ id: 9, ticker: 'AMC', name: 'AMC Entertainment' }),
];

function renderPage(routes: Record<string, Handler>) {
  const requests = mockApi({ 'GET /api/stocks?range=24hours': stocks, ...routes });
  const queryClient = createQueryClient();
  queryClient.setQueryData(CURRENT_USER_QUERY_KEY, makeUser({ phoneNumber: null }));
  render(
    <AppProviders queryClient={queryClient}>
      <AlertsPage />
      <Toaster />
    </AppProviders>,
  );
  return requests;
}

describe('AlertsPage', () => {
  it('shows the empty state with its call to action', async () => {
    renderPage({ 'GET /api/alerts': [] });
    expect(screen.getByRole('heading', { name: 'Stock Alerts' })).toBeTruthy();
    expect(screen.getByText('Manage your stock mention alerts and notification preferences')).toBeTruthy();
    expect(await screen.findByText('No alerts yet')).toBeTruthy();
    expect(screen.getByText('Create your first alert to get notified when stocks start trending')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create Your First Alert' }));
    expect(await screen.findByRole('dialog', { name: 'Create Alert' })).toBeTruthy();
  });

  it('shows each alert card with its fields, and N/A / Unknown Stock without a stock', async () => {
    renderPage({
      'GET /api/alerts': [
        makeAlert(),
        makeAlert({ id: 2, stock: null, isActive: false, emailEnabled: false, smsEnabled: true, mentionThreshold: 50 }),
      ],
    });
    const cards = await screen.findAllByTestId('alert-card');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByText('NVDA')).toBeTruthy();
    expect(first.getByText('NVIDIA Corporation')).toBeTruthy();
    expect(first.getByText(/Alert when mentions exceed 1,000/)).toBeTruthy();
    expect(first.getByText('Active')).toBeTruthy();
    expect(first.getByText('Email: On')).toBeTruthy();
    expect(first.getByText('SMS: Off')).toBeTruthy();
    expect(first.getByText(/^Created /)).toBeTruthy();
    const second = within(cards[1]!);
    expect(second.getByText('N/A')).toBeTruthy();
    expect(second.getByText('Unknown Stock')).toBeTruthy();
    expect(second.getByText('Inactive')).toBeTruthy();
    expect(second.getByText('Email: Off')).toBeTruthy();
    expect(second.getByText('SMS: On')).toBeTruthy();
  });

  it('creates an alert from the picker with the defaults, guards a missing stock, then resets and closes', async () => {
    let list: Alert[] = [];
    const requests = renderPage({
      'GET /api/alerts': () => jsonResponse(list),
      'POST /api/alerts': () => {
        list = [makeAlert()];
        return jsonResponse(list[0], 201);
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Create Alert' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create Alert' }));
    expect((dialog.getByLabelText('Mention threshold') as HTMLInputElement).value).toBe('1000');
    expect(dialog.getByRole('switch', { name: 'Email notifications' }).getAttribute('aria-checked')).toBe('true');
    expect(dialog.getByRole('switch', { name: 'SMS notifications' }).getAttribute('aria-checked')).toBe('false');
    fireEvent.click(dialog.getByRole('button', { name: 'Create Alert' }));
    await waitFor(() => expect(getToasts().map((t) => t.description)).toContain('Stock ID is required'));
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    // The picker's floating list measures itself with ResizeObserver, which jsdom lacks.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    // The picker searches by company name as well as ticker.
    const picker = dialog.getByRole('combobox', { name: 'Stock' });
    await waitFor(() => expect(picker.getAttribute('placeholder')).toBe('Search by ticker or company name'));
    fireEvent.change(picker, { target: { value: 'nvidia' } });
    await screen.findByRole('option', { name: /^NVDA\s*·\s*NVIDIA Corporation$/ });
    fireEvent.keyDown(picker, { key: 'ArrowDown' });
    fireEvent.keyDown(picker, { key: 'Enter' });
    await waitFor(() => expect((picker as HTMLInputElement).value).toBe('NVDA · NVIDIA Corporation'));
    fireEvent.click(dialog.getByRole('button', { name: 'Create Alert' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      stockId: 7,
      mentionThreshold: 1000,
      windowMinutes: 1440,
      emailEnabled: true,
      smsEnabled: false,
    });
    expect(getToasts().map((t) => t.description)).toContain('Alert created successfully');
    expect(await screen.findByText('NVIDIA Corporation')).toBeTruthy();
  });

  it('deletes an alert, and on an unauthorised delete shows the logout toast then goes to /api/login after 500 ms', async () => {
    const go = vi.spyOn(loginRedirect, 'go').mockImplementation(() => undefined);
    renderPage({
      'GET /api/alerts': [makeAlert()],
      'DELETE /api/alerts/1': textResponse('{"message":"Unauthorized"}', 401, 'Unauthorized'),
    });
    const remove = await screen.findByRole('button', { name: 'Delete alert for NVDA' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(remove);
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: 'Unauthorized',
        description: 'You are logged out. Logging in again...',
      }),
    );
    expect(go).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(LOGIN_REDIRECT_DELAY_MS));
    expect(go).toHaveBeenCalledTimes(1);
  });

  it('toggles an alert off with PATCH, and the switch then reads "Alert off" beside the Inactive badge', async () => {
    let alert = makeAlert();
    const requests = renderPage({
      'GET /api/alerts': () => jsonResponse([alert]),
      'PATCH /api/alerts/1': () => {
        alert = makeAlert({ isActive: false });
        return jsonResponse(alert);
      },
    });
    fireEvent.click(await screen.findByRole('switch', { name: 'Alert on' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ isActive: false }));
    const off = await screen.findByRole('switch', { name: 'Alert off' });
    expect(off.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText('Inactive')).toBeTruthy();
    expect(screen.queryByText('Alert on')).toBeNull();
  });

  it("sends one alert's webhooks to one chosen target, shows the choice from the list, and goes back to the account's targets", async () => {
    const targets = [
      { id: 3, url: 'https://hooks.example.com/all', format: 'json', createdAt: '2026-01-05T10:00:00.000Z' },
      { id: 4, url: 'https://discord.example.com/nvda', format: 'discord', createdAt: '2026-01-05T10:00:00.000Z' },
    ];
    let alert = makeAlert();
    const requests = renderPage({
      'GET /api/alerts': () =>
        jsonResponse([
          alert,
          makeAlert({
            id: 2,
            stock: { ticker: 'AMC', name: 'AMC Entertainment' },
            webhook: { url: 'https://old.example.com/x', format: 'slack' },
          }),
        ]),
      'GET /api/webhooks': { targets, alertOverrides: [], secret: 'whsec_x', maxTargets: 5 },
      'PUT /api/alerts/1/webhook': (r) => {
        alert = makeAlert({ webhook: r.body as Alert['webhook'] });
        return { alertId: 1, ...(r.body as object) };
      },
      'DELETE /api/alerts/1/webhook': () => {
        alert = makeAlert();
        return { deleted: true };
      },
    });
    const [nvda, amc] = await screen.findAllByTestId('alert-card');
    const field = within(nvda!).getByLabelText('Webhook') as HTMLSelectElement;
    await waitFor(() =>
      expect(
        within(field)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual([
        'Account targets',
        'https://hooks.example.com/all (json)',
        'https://discord.example.com/nvda (discord)',
      ]),
    );
    expect(field.value).toBe('account');
    // An alert whose own target is not one of the account's still shows it.
    expect((within(amc!).getByLabelText('Webhook') as HTMLSelectElement).selectedOptions[0]!.textContent).toBe(
      'https://old.example.com/x (slack)',
    );

    fireEvent.change(field, { target: { value: '4' } });
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
        url: 'https://discord.example.com/nvda',
        format: 'discord',
      }),
    );
    await waitFor(() =>
      expect(
        (within(screen.getAllByTestId('alert-card')[0]!).getByLabelText('Webhook') as HTMLSelectElement).value,
      ).toBe('4'),
    );
    expect(getToasts().map((t) => t.description)).toContain('Webhook target saved');

    fireEvent.change(within(screen.getAllByTestId('alert-card')[0]!).getByLabelText('Webhook'), {
      target: { value: 'account' },
    });
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'DELETE' && r.url === '/api/alerts/1/webhook')).toBe(true),
    );
    await waitFor(() =>
      expect(
        (within(screen.getAllByTestId('alert-card')[0]!).getByLabelText('Webhook') as HTMLSelectElement).value,
      ).toBe('account'),
    );
  });

  it('shows no webhook choice without targets', async () => {
    renderPage({
      'GET /api/alerts': [makeAlert()],
      'GET /api/webhooks': { targets: [], alertOverrides: [], secret: 'whsec_x', maxTargets: 5 },
    });
    await screen.findByTestId('alert-card');
    await waitFor(() => expect(screen.queryByLabelText('Webhook')).toBeNull());
  });

  it('shows what the price did after each fired alert, labelled simulated, waiting for moments not yet past, market closed for moments the market did not trade before', async () => {
    const firedAt = new Date(Date.now() - 20 * 60_000).toISOString();
    renderPage({
      'GET /api/alerts': [makeAlert()],
      'GET /api/alerts/outcomes': [
        {
          id: 5,
          alertId: 1,
          ticker: 'NVDA',
          kind: 'threshold',
          firedAt,
          priceAtFire: 100,
          later: { m15: 101.5, m30: null, m60: null },
          movePercent: { m15: 1.5, m30: null, m60: null },
          marketClosed: { m15: false, m30: false, m60: false },
          simulated: true,
        },
        {
          id: 4,
          alertId: 1,
          ticker: 'NVDA',
          kind: 'threshold',
          firedAt: '2026-01-05T10:00:00.000Z',
          priceAtFire: 100,
          later: { m15: 99, m30: 98, m60: null },
          movePercent: { m15: -1, m30: -2, m60: null },
          marketClosed: { m15: false, m30: false, m60: false },
          simulated: true,
        },
        {
          id: 3,
          alertId: 1,
          ticker: 'NVDA',
          kind: 'threshold',
          firedAt: '2026-01-03T10:00:00.000Z',
          priceAtFire: 100,
          later: { m15: null, m30: null, m60: null },
          movePercent: { m15: null, m30: null, m60: null },
          marketClosed: { m15: true, m30: true, m60: true },
          simulated: true,
        },
      ],
    });
    const table = await screen.findByRole('table', { name: 'Price after alerts' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Stock', 'Fired', 'Price then', '+15 min', '+30 min', '+60 min']);
    const [, recent, old, weekend] = within(table).getAllByRole('row');
    expect(
      within(recent!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['NVDA', expect.any(String), '$100.00', '+1.50%', 'waiting', 'waiting']);
    expect(
      within(old!)
        .getAllByRole('cell')
        .slice(2)
        .map((c) => c.textContent),
    ).toEqual(['$100.00', '-1.00%', '-2.00%', '–']);
    // Fired on a Saturday: the price then is the last close, and the market did not trade in the hour after.
    expect(
      within(weekend!)
        .getAllByRole('cell')
        .slice(2)
        .map((c) => c.textContent),
    ).toEqual(['$100.00', 'market closed', 'market closed', 'market closed']);
    expect(screen.getByText('Simulated prices')).toBeTruthy();
  });
});
