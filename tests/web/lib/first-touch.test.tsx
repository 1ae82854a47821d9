import { fireEvent, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useOnFirstTouch } from '../../../src/lib/first-touch';

describe('useOnFirstTouch', () => {
  it('prepares nothing until the member touches the page', () => {
    const prepare = vi.fn();
    renderHook(() => useOnFirstTouch(prepare));
    expect(prepare).not.toHaveBeenCalled();
  });

  it.each([
    ['a tap', () => fireEvent.pointerDown(document.body)],
    ['a field taking focus', () => fireEvent.focusIn(document.body)],
    ['a key', () => fireEvent.keyDown(document.body, { key: 'Tab' })],
  ])('prepares once on %s, and not again on later touches', (_, touch) => {
    const prepare = vi.fn();
    renderHook(() => useOnFirstTouch(prepare));
    touch();
    expect(prepare).toHaveBeenCalledTimes(1);
    fireEvent.pointerDown(document.body);
    fireEvent.focusIn(document.body);
    fireEvent.keyDown(document.body, { key: 'a' });
    expect(prepare).toHaveBeenCalledTimes(1);
  });

  it('runs the latest preparation the screen gave', () => {
    const first = vi.fn();
    const latest = vi.fn();
    const { rerender } = renderHook(({ prepare }) => useOnFirstTouch(prepare), { initialProps: { prepare: first } });
    rerender({ prepare: latest });
    fireEvent.pointerDown(document.body);
    expect(first).not.toHaveBeenCalled();
    expect(latest).toHaveBeenCalledTimes(1);
  });

  it('prepares nothing once the screen has gone', () => {
    const prepare = vi.fn();
    const { unmount } = renderHook(() => useOnFirstTouch(prepare));
    unmount();
    fireEvent.pointerDown(document.body);
    expect(prepare).not.toHaveBeenCalled();
  });
});
