import { fireEvent, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useOnFirstTouch } from '../../../src/lib/first-touch';

/** A field on the page, for a focus to land on. */
function fieldIn(parent: HTMLElement): HTMLInputElement {
  const field = document.createElement('input');
  parent.append(field);
  return field;
}

describe('useOnFirstTouch', () => {
  it('prepares nothing until the member touches the page', () => {
    const prepare = vi.fn();
    renderHook(() => useOnFirstTouch(prepare));
    expect(prepare).not.toHaveBeenCalled();
  });

  it.each([
    ['a tap', () => fireEvent.pointerDown(document.body)],
    ['a field taking focus', () => fireEvent.focusIn(fieldIn(document.body))],
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

  it('takes the app moving the focus (a heading, a notice’s button) for no touch, and a field taking it for one', () => {
    const prepare = vi.fn();
    const heading = document.createElement('h1');
    heading.tabIndex = -1;
    const button = document.createElement('button');
    const field = fieldIn(document.body);
    document.body.append(heading, button);
    renderHook(() => useOnFirstTouch(prepare));
    heading.focus();
    button.focus();
    expect(prepare).not.toHaveBeenCalled();
    field.focus();
    expect(prepare).toHaveBeenCalledTimes(1);
    for (const element of [heading, button, field]) element.remove();
  });

  it('listens for nothing when there is nothing to prepare', () => {
    const listening = vi.spyOn(document, 'addEventListener');
    renderHook(() => useOnFirstTouch(null));
    expect(listening).not.toHaveBeenCalled();
    listening.mockRestore();
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
