// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SourceListEditor } from './SourceListEditor';

afterEach(cleanup);

const props = {
  platform: 'reddit',
  settingType: 'subreddits',
  defaults: ['wallstreetbets', 'stocks', 'investing'],
  saving: false,
};
const textarea = () => screen.getByLabelText('Reddit Subreddits') as HTMLTextAreaElement;
const save = () => screen.getByRole('button', { name: 'Save Reddit Subreddits' }) as HTMLButtonElement;

describe('SourceListEditor', () => {
  it('shows one item per line; Save is disabled until the text differs from the stored values', () => {
    render(<SourceListEditor {...props} stored={['stocks', 'options']} onSave={vi.fn()} />);
    expect(textarea().value).toBe('stocks\noptions');
    expect(save().disabled).toBe(true);
    fireEvent.change(textarea(), { target: { value: 'stocks\noptions\npennystocks' } });
    expect(save().disabled).toBe(false);
    fireEvent.change(textarea(), { target: { value: 'stocks\noptions' } });
    expect(save().disabled).toBe(true);
  });

  it('keeps Save disabled when only blank lines, spaces or repeats were added (they would save the same list)', () => {
    render(<SourceListEditor {...props} stored={['stocks', 'options']} onSave={vi.fn()} />);
    fireEvent.change(textarea(), { target: { value: 'stocks\n\noptions\n\n\n' } });
    expect(save().disabled).toBe(true);
    fireEvent.change(textarea(), { target: { value: '  stocks  \noptions\nstocks' } });
    expect(save().disabled).toBe(true);
    fireEvent.change(textarea(), { target: { value: 'stocks\n\noptions\nx' } });
    expect(save().disabled).toBe(false);
  });

  it('names the platform as it spells itself: "YouTube Channels"', () => {
    render(<SourceListEditor {...props} platform="youtube" settingType="channels" stored={[]} onSave={vi.fn()} />);
    expect(screen.getByLabelText('YouTube Channels')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save YouTube Channels' })).toBeTruthy();
  });

  it('Add Defaults merges the defaults into the current lines, de-duplicated, and marks the editor changed', () => {
    render(<SourceListEditor {...props} stored={['stocks', 'options']} onSave={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Defaults to Reddit Subreddits' }));
    expect(textarea().value).toBe('stocks\noptions\nwallstreetbets\ninvesting');
    expect(save().disabled).toBe(false);
  });

  it('Add Defaults marks the editor changed even when nothing new is added', () => {
    render(<SourceListEditor {...props} stored={['wallstreetbets', 'stocks', 'investing']} onSave={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Defaults to Reddit Subreddits' }));
    expect(textarea().value).toBe('wallstreetbets\nstocks\ninvesting');
    expect(save().disabled).toBe(false);
  });

  it('saves the lines trimmed, without empty lines or duplicates', () => {
    const onSave = vi.fn();
    render(<SourceListEditor {...props} stored={[]} onSave={onSave} />);
    fireEvent.change(textarea(), { target: { value: '  stocks \n\n   \noptions\nstocks\n' } });
    fireEvent.click(save());
    expect(onSave).toHaveBeenCalledWith(['stocks', 'options']);
  });

  it('resets to the stored values when they change', () => {
    const { rerender } = render(<SourceListEditor {...props} stored={['stocks']} onSave={vi.fn()} />);
    fireEvent.change(textarea(), { target: { value: 'unsaved edit' } });
    rerender(<SourceListEditor {...props} stored={['stocks', 'options']} onSave={vi.fn()} />);
    expect(textarea().value).toBe('stocks\noptions');
    expect(save().disabled).toBe(true);
  });
});
