import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint, markFirstRender, resetFirstPaintForTests, useAfterFirstPaint } from './first-paint';

afterEach(() => {
  vi.useRealTimers();
  resetFirstPaintForTests();
});

function Gate() {
  return <p>{useAfterFirstPaint() ? 'pintado' : 'primera vista'}</p>;
}

describe('after the first paint', () => {
  it('holds work until the first render has been marked and a frame has passed, then runs it once', async () => {
    vi.useFakeTimers();
    const work = vi.fn();
    afterFirstPaint(work);
    await vi.advanceTimersByTimeAsync(1000);
    expect(work).not.toHaveBeenCalled();
    markFirstRender();
    markFirstRender();
    await vi.advanceTimersByTimeAsync(1500);
    expect(work).toHaveBeenCalledTimes(1);
    // Afterwards, work runs at once.
    const later = vi.fn();
    afterFirstPaint(later);
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('lets an island render only after the first paint', async () => {
    vi.useFakeTimers();
    render(<Gate />);
    expect(screen.getByText('primera vista')).toBeInTheDocument();
    markFirstRender();
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(screen.getByText('pintado')).toBeInTheDocument();
  });

  it('cancels work still waiting (an island unmounted before the paint is not updated afterwards)', async () => {
    vi.useFakeTimers();
    const work = vi.fn();
    const cancelled = vi.fn();
    afterFirstPaint(work);
    const cancel = afterFirstPaint(cancelled);
    cancel();
    markFirstRender();
    await vi.advanceTimersByTimeAsync(1500);
    expect(work).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
