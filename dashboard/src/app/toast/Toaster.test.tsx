// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts, resetToasts } from '../../testing/toasts';
import { showToast } from './showToast';
import { Toaster } from './Toaster';

beforeEach(() => resetToasts());

afterEach(() => {
  cleanup();
  resetToasts();
});

describe('showToast', () => {
  it('keeps one toast at a time: a new one replaces the old', () => {
    showToast({ title: 'First' });
    showToast({ title: 'Second', description: 'Replaces the first', variant: 'destructive' });

    expect(getToasts()).toEqual([{ title: 'Second', description: 'Replaces the first', variant: 'destructive' }]);
  });
});

describe('Toaster', () => {
  it('shows title and message in the Notifications region, outside the app root, and closes with its dismiss button', async () => {
    const { container } = render(<Toaster />);
    act(() => {
      showToast({ title: 'Login failed', description: 'Invalid email or password', variant: 'destructive' });
    });

    const region = await screen.findByRole('region', { name: /^Notifications/ });
    expect(container.contains(region)).toBe(false);
    expect(region.getAttribute('aria-live')).toBe('polite');
    await waitFor(() => expect(region.textContent).toContain('Login failed'));
    expect(region.textContent).toContain('Invalid email or password');

    fireEvent.click(within(region).getByRole('button', { name: 'Dismiss notification' }));
    await waitFor(() => expect(getToasts()).toEqual([]));
  });

  it('stands in with an empty Notifications region until sonner loads, and shows a toast asked for meanwhile', async () => {
    // Fresh modules: sonner is not loaded yet, as on a public page before the visitor acts.
    vi.resetModules();
    const fresh = {
      ...(await import('./loadSonner')),
      ...(await import('./showToast')),
      ...(await import('./Toaster')),
    };
    expect(fresh.loadedSonner()).toBeUndefined();
    render(<fresh.Toaster />);
    const placeholder = screen.getByRole('region', { name: /^Notifications/ });
    expect(placeholder.getAttribute('aria-live')).toBe('polite');

    let id = '';
    act(() => {
      id = fresh.showToast({ title: 'Subscribed', description: 'Asked for before sonner loaded' });
    });
    expect(id).toMatch(/\S/);
    await act(() => fresh.loadSonner());
    const region = await screen.findByRole('region', { name: /^Notifications/ });
    await waitFor(() => expect(region.textContent).toContain('Asked for before sonner loaded'));
    act(() => fresh.dismissToasts());
  });
});
