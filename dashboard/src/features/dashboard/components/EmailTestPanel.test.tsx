// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts, resetToasts } from '../../../testing/toasts';
import { jsonResponse, mockApi } from '../../../testing/mockFetch';
import { renderWithClient } from '../testing/renderWithClient';
import { EmailTestPanel } from './EmailTestPanel';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  resetToasts();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const flush = () => act(() => vi.advanceTimersByTimeAsync(0));
const button = () => screen.getByRole('button', { name: /Email|Test Failed/ }) as HTMLButtonElement;

describe('EmailTestPanel', () => {
  it('goes Testing Email... → Email Sent! → idle after 3 seconds, with the success toast', async () => {
    let answer: (res: Response) => void = () => undefined;
    const requests = mockApi({ 'POST /api/test-email': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderWithClient(<EmailTestPanel />);
    expect(button().textContent).toBe('Send Test Email');

    fireEvent.click(button());
    await flush();
    expect(button().textContent).toBe('Testing Email...');
    expect(button().disabled).toBe(true);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/test-email' });

    answer(jsonResponse({ ok: true }));
    await flush();
    expect(button().textContent).toBe('Email Sent!');
    expect(getToasts()[0]).toMatchObject({ title: 'Email Tests Successful', description: 'Please check your inbox.' });

    await act(() => vi.advanceTimersByTimeAsync(2_999));
    expect(button().textContent).toBe('Email Sent!');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(button().textContent).toBe('Send Test Email');
  });

  it('shows Test Failed with the server message, then returns to idle after 3 seconds', async () => {
    mockApi({ 'POST /api/test-email': jsonResponse({ message: 'SMTP server refused the connection' }, 502) });
    renderWithClient(<EmailTestPanel />);
    fireEvent.click(button());
    await flush();
    await flush();
    expect(button().textContent).toBe('Test Failed');
    expect(getToasts()[0]).toMatchObject({
      title: 'Email Test Failed',
      description: 'SMTP server refused the connection',
      variant: 'destructive',
    });
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(button().textContent).toBe('Send Test Email');
  });

  it('falls back to its own message when the error carries none', async () => {
    mockApi({
      'POST /api/test-email': () => {
        throw new Error('');
      },
    });
    renderWithClient(<EmailTestPanel />);
    fireEvent.click(button());
    await flush();
    await flush();
    expect(getToasts()[0]).toMatchObject({
      title: 'Email Test Failed',
      description: 'Failed to send test email. Check server logs.',
    });
  });
});
