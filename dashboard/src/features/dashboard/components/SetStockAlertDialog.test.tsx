// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CURRENT_USER_QUERY_KEY } from '../../../app/session/currentUserQuery';
import { getToasts, resetToasts } from '../../../testing/toasts';
import { makeUser } from '../../../testing/fixtures';
import { type Handler, jsonResponse, mockApi, textResponse } from '../../../testing/mockFetch';
import { LOGIN_REDIRECT_DELAY_MS, loginRedirect } from '../../../app/session/unauthorizedRedirect';
import { ALERTS_QUERY_KEY } from '../../../app/alerts/alertsApi';
import { renderWithClient } from '../testing/renderWithClient';
import { alertFormDefaults, alertFormSchema } from '../../../app/alerts/alertForm';
import { SetStockAlertDialog, type AlertTargetStock } from './SetStockAlertDialog';

afterEach(() => {
  cleanup();
  resetToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** A page with an "Open" button that opens the dialog for the given stock. */
function Harness({ stock }: { stock: AlertTargetStock }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <SetStockAlertDialog stock={open ? stock : null} onClose={() => setOpen(false)} />
    </>
  );
}

function renderDialog(
  stock: AlertTargetStock = { id: 7, ticker: 'NVDA' },
  routes: Record<string, Handler> = {},
  phoneNumber: string | null = '+14155550123',
) {
  const requests = mockApi({ 'POST /api/alerts': jsonResponse({ id: 1 }, 201), ...routes });
  const rendered = renderWithClient(<Harness stock={stock} />);
  rendered.queryClient.setQueryData(CURRENT_USER_QUERY_KEY, makeUser({ phoneNumber }));
  rendered.queryClient.setQueryData(ALERTS_QUERY_KEY, []);
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus(); // as a real click would
  fireEvent.click(opener);
  return { requests, ...rendered };
}

const dialog = () => within(screen.getByRole('dialog', { name: 'Set Stock Alert' }));
const threshold = () => dialog().getByLabelText('Mention threshold') as HTMLInputElement;
const emailSwitch = () => dialog().getByRole('switch', { name: 'Email notifications' });
const smsSwitch = () => dialog().getByRole('switch', { name: 'SMS notifications' });
const submit = () => act(async () => fireEvent.click(dialog().getByRole('button', { name: 'Create Alert' })));

describe('SetStockAlertDialog', () => {
  it('opens with the read-only symbol and the defaults, focused on the threshold', async () => {
    renderDialog();
    const symbol = dialog().getByLabelText('Stock symbol') as HTMLInputElement;
    expect(symbol.value).toBe('NVDA');
    expect(symbol.readOnly).toBe(true);
    expect(threshold().value).toBe('1000');
    expect(threshold().required).toBe(true);
    expect(dialog().getByText('Alert when mentions exceed this number')).toBeTruthy();
    expect(emailSwitch().getAttribute('aria-checked')).toBe('true');
    expect(smsSwitch().getAttribute('aria-checked')).toBe('false');
    await waitFor(() => expect(document.activeElement).toBe(threshold()));
  });

  it('posts the alert, toasts, refreshes the alerts list, closes and reopens with the defaults', async () => {
    const { requests, queryClient } = renderDialog();
    fireEvent.change(threshold(), { target: { value: '250' } });
    fireEvent.click(emailSwitch());
    fireEvent.click(smsSwitch());
    await submit();

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.url).toBe('/api/alerts');
    expect(post?.body).toEqual({
      stockId: 7,
      mentionThreshold: 250,
      windowMinutes: 1440,
      emailEnabled: false,
      smsEnabled: true,
    });
    expect(getToasts()[0]).toMatchObject({ description: 'Alert created successfully' });
    expect(queryClient.getQueryState(ALERTS_QUERY_KEY)?.isInvalidated).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(threshold().value).toBe('1000');
    expect(emailSwitch().getAttribute('aria-checked')).toBe('true');
    expect(smsSwitch().getAttribute('aria-checked')).toBe('false');
  });

  it('blocks submitting without a stock id: "Error" / "Stock ID is required"', async () => {
    const { requests } = renderDialog({ id: null, ticker: 'NVDA' });
    await submit();
    expect(getToasts()[0]).toMatchObject({
      title: 'Error',
      description: 'Stock ID is required',
      variant: 'destructive',
    });
    expect(requests).toHaveLength(0);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('requires a whole-number threshold', async () => {
    const { requests } = renderDialog();
    fireEvent.change(threshold(), { target: { value: '' } });
    await submit();
    expect(dialog().getByText('Mention threshold is required')).toBeTruthy();
    expect(threshold().getAttribute('aria-invalid')).toBe('true');
    expect(requests).toHaveLength(0);
    for (const bad of ['12.5', '0', '-3']) {
      fireEvent.change(threshold(), { target: { value: bad } });
      await submit();
      expect(dialog().getByText('Enter a whole number of at least 1')).toBeTruthy();
    }
    expect(requests).toHaveLength(0);
  });

  it('reads the form as the POST /api/alerts contract, with its bounds', () => {
    const parse = (change: object) => alertFormSchema.safeParse({ ...alertFormDefaults(7), ...change });
    expect(parse({ mentionThreshold: ' 5000 ', windowMinutes: '60' }).data).toEqual({
      stockId: 7,
      mentionThreshold: 5000,
      windowMinutes: 60,
      emailEnabled: true,
      smsEnabled: false,
    });
    expect(parse({ mentionThreshold: '100000001' }).error?.issues[0]?.message).toBe('mentionThreshold is too large');
    expect(parse({ stockId: null }).error?.issues[0]?.path).toEqual(['stockId']);
  });

  it('shows a 400 that names the threshold under the field', async () => {
    renderDialog(
      { id: 7, ticker: 'NVDA' },
      {
        'POST /api/alerts': jsonResponse(
          { message: 'mentionThreshold must be at least 1', field: 'mentionThreshold' },
          400,
        ),
      },
    );
    await submit();
    await waitFor(() => expect(dialog().getByText('mentionThreshold must be at least 1')).toBeTruthy());
    expect(threshold().getAttribute('aria-invalid')).toBe('true');
  });

  it('on 401 toasts "Unauthorized" and goes to /api/login after 500 ms', async () => {
    const go = vi.spyOn(loginRedirect, 'go').mockImplementation(() => undefined);
    renderDialog(
      { id: 7, ticker: 'NVDA' },
      { 'POST /api/alerts': textResponse('{"message":"Unauthorized"}', 401, 'Unauthorized') },
    );
    vi.useFakeTimers();
    await submit();
    await act(() => vi.advanceTimersByTimeAsync(0));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(getToasts()[0]).toMatchObject({
      title: 'Unauthorized',
      description: 'You are logged out. Logging in again...',
      variant: 'destructive',
    });
    await act(() => vi.advanceTimersByTimeAsync(LOGIN_REDIRECT_DELAY_MS - 1));
    expect(go).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(go).toHaveBeenCalledTimes(1);
    expect(LOGIN_REDIRECT_DELAY_MS).toBe(500);
  });

  it('toasts "Error" / "Failed to create alert" on other failures and stays open', async () => {
    const go = vi.spyOn(loginRedirect, 'go').mockImplementation(() => undefined);
    renderDialog({ id: 7, ticker: 'NVDA' }, { 'POST /api/alerts': jsonResponse({ message: 'Stock not found' }, 404) });
    await submit();
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: 'Error',
        description: 'Failed to create alert',
        variant: 'destructive',
      }),
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
    // The toast stays announced and reachable while the modal hides the page behind it.
    const notifications = screen.getByRole('region', { name: /^Notifications/ });
    await waitFor(() => expect(notifications.textContent).toContain('Failed to create alert'));
    expect(go).not.toHaveBeenCalled();
  });

  it('closes on Escape and on Cancel, returning focus to the opener', async () => {
    renderDialog();
    await waitFor(() => expect(document.activeElement).toBe(threshold()));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open' })));

    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.click(dialog().getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is modal: the page behind is hidden from assistive technology while it is open', async () => {
    renderDialog();
    // Tab staying inside is checked with a real keyboard in the browser tests (e2e/dashboard.e2e.ts).
    expect(screen.getByRole('dialog').getAttribute('aria-modal')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Open' })).toBeNull();
    fireEvent.click(dialog().getByRole('button', { name: 'Close dialog' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open' })).toBeTruthy());
  });

  it('disables SMS until the user has a phone number', () => {
    renderDialog({ id: 7, ticker: 'NVDA' }, {}, null);
    expect((smsSwitch() as HTMLButtonElement).disabled).toBe(true);
    expect(dialog().getByText('Add a phone number in Settings to receive SMS alerts.')).toBeTruthy();
  });

  it("the Kind selector (Threshold by default) shows each kind's fields and posts only them", async () => {
    const { requests } = renderDialog();
    const kind = dialog().getByLabelText('Alert me when') as HTMLSelectElement;
    expect(kind.value).toBe('threshold');
    fireEvent.change(kind, { target: { value: 'spike' } });
    expect(dialog().queryByLabelText('Mention threshold')).toBeNull();
    expect((dialog().getByLabelText('Spike factor') as HTMLInputElement).value).toBe('3');
    expect((dialog().getByLabelText('Minimum mentions') as HTMLInputElement).value).toBe('10');
    fireEvent.change(dialog().getByLabelText('Spike factor'), { target: { value: '25' } });
    await submit();
    await waitFor(() => expect(dialog().getByText('spikeFactor must be between 1.5 and 20')).toBeTruthy());
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    fireEvent.change(dialog().getByLabelText('Spike factor'), { target: { value: '4' } });
    fireEvent.change(dialog().getByLabelText('Mention window'), { target: { value: '60' } });
    await submit();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      kind: 'spike',
      stockId: 7,
      spikeFactor: 4,
      minMentions: 10,
      windowMinutes: 60,
      emailEnabled: true,
      smsEnabled: false,
    });
  });

  it('a new-trend alert on the watchlist names no stock and hides the stock field', () => {
    renderDialog();
    fireEvent.change(dialog().getByLabelText('Alert me when'), { target: { value: 'new_trend' } });
    expect(dialog().getByLabelText('Stock symbol')).toBeTruthy();
    fireEvent.change(dialog().getByLabelText('Watch'), { target: { value: 'watchlist' } });
    expect(dialog().queryByLabelText('Stock symbol')).toBeNull();
    expect(dialog().queryByLabelText('Mention window')).toBeNull();
    const parsed = alertFormSchema.safeParse({ ...alertFormDefaults(7), kind: 'new_trend', trendScope: 'watchlist' });
    expect(parsed.data).toEqual({ kind: 'new_trend', trendScope: 'watchlist', emailEnabled: true, smsEnabled: false });
    expect(
      alertFormSchema.safeParse({ ...alertFormDefaults(7), kind: 'sentiment_flip', minMentions: '0' }).error?.issues[0],
    ).toMatchObject({ path: ['minMentions'], message: 'minMentions must be at least 1' });
  });
});
