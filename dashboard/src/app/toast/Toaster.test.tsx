// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from './Toaster';
import {
  dismissToast,
  getToasts,
  resetToasts,
  showToast,
  TOAST_DURATION_MS,
  TOAST_REMOVE_DELAY_MS,
} from './toastStore';

beforeEach(() => {
  vi.useFakeTimers();
  resetToasts();
});

afterEach(() => {
  cleanup();
  resetToasts();
  vi.useRealTimers();
});

describe('toast store', () => {
  it('keeps one toast at a time: a new one replaces the old', () => {
    showToast({ title: 'First' });
    showToast({ title: 'Second', description: 'Replaces the first' });

    expect(getToasts()).toHaveLength(1);
    expect(getToasts()[0]).toMatchObject({ title: 'Second', description: 'Replaces the first', open: true });
  });

  it('dismisses itself after the toast duration, then forgets the toast', () => {
    showToast({ title: 'Saved' });
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(getToasts()[0]?.open).toBe(true);

    vi.advanceTimersByTime(1);
    expect(getToasts()[0]?.open).toBe(false);

    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    expect(getToasts()).toHaveLength(0);
  });

  it('does not let a replaced toast dismiss its successor early', () => {
    showToast({ title: 'First' });
    vi.advanceTimersByTime(TOAST_DURATION_MS - 100);
    showToast({ title: 'Second' });
    vi.advanceTimersByTime(200);
    expect(getToasts()[0]).toMatchObject({ title: 'Second', open: true });
  });

  it('dismisses by id', () => {
    const id = showToast({ title: 'Bye' });
    dismissToast(id);
    expect(getToasts()[0]?.open).toBe(false);
  });
});

describe('Toaster', () => {
  it('shows title and message in a status region and closes with its dismiss button', () => {
    render(<Toaster />);
    act(() => {
      showToast({ title: 'Login failed', description: 'Invalid email or password', variant: 'destructive' });
    });

    const toast = screen.getByRole('status');
    expect(toast.textContent).toContain('Login failed');
    expect(toast.textContent).toContain('Invalid email or password');
    expect(toast.getAttribute('aria-live')).toBe('assertive');

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
