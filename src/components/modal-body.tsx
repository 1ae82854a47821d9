import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';

/**
 * Whether the box's content is taller than the box, watched as either changes size (the text size,
 * the screen turned, the content arriving). Without ResizeObserver it stays false.
 */
function useTallerThanItself(box: RefObject<HTMLElement | null>): boolean {
  const [taller, setTaller] = useState(false);
  // Every render: the content's elements may have changed.
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setTaller(element.scrollHeight > element.clientHeight + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    return () => observer.disconnect();
  });
  return taller;
}

/**
 * What the modal says, between its title and its buttons: the part that gives way when the screen
 * is short (the text made large, a small phone) and scrolls, so the title and the buttons stay in
 * view. A column, so a child that scrolls itself (a term's text) shrinks to the room left and
 * scrolls alone. Once the body scrolls it joins the Tab order, named by the title, so the keyboard
 * can scroll it (the modal's focus trap finds it); while it does not, nothing changes.
 */
export function ModalBody({ id, labelledBy, children }: { id: string; labelledBy: string; children: ReactNode }) {
  const bodyRef = useRef<HTMLDivElement>(null);
  // A region named by the title, in the Tab order: the keyboard scrolls it, a screen reader names it.
  const scrollable = useTallerThanItself(bodyRef)
    ? ({ tabIndex: 0, role: 'region', 'aria-labelledby': labelledBy } as const)
    : {};
  return (
    <div
      ref={bodyRef}
      id={id}
      {...scrollable}
      // 4 px of room on each side (margin taken back) so the focus rings of what it holds are not clipped.
      className="-mx-1 mt-2 -mb-1 flex min-h-0 flex-col overflow-y-auto p-1 text-center text-base leading-relaxed focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      {children}
    </div>
  );
}
