import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NoticeModal } from '../../src/components/notice-modal';

function renderInRouter(ui: React.ReactNode) {
  const rootRoute = createRootRoute({ component: () => ui });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(<RouterProvider router={router} />);
}

/** jsdom lays nothing out: the message is made `contentPx` tall in a body `boxPx` tall. */
function layOut(contentPx: number, boxPx: number) {
  vi.spyOn(Element.prototype, 'scrollHeight', 'get').mockReturnValue(contentPx);
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(boxPx);
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly measured: () => void) {}
      observe() {
        this.measured();
      }
      disconnect() {}
    },
  );
}

afterEach(() => vi.restoreAllMocks());

const LONG = Array.from({ length: 12 }, (_, i) => `${i + 1}. 會員已存在，無法註冊`).join('\n');

// Text at 200% on a 320 × 568 screen (WCAG 1.4.4, 1.4.10): the e2e spec large-text.spec.ts
// measures it in Chromium; here, what the member's keyboard and screen reader meet.
describe('a modal on a short screen', () => {
  it('is never taller than the visible screen and lets its body scroll between the title and the buttons', async () => {
    renderInRouter(<NoticeModal message="密碼錯誤" onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: '提示' });
    expect(dialog).toHaveClass('flex', 'flex-col', 'max-h-full', 'supports-[height:100dvh]:max-h-[calc(100dvh-32px)]');
    const message = within(dialog).getByText('密碼錯誤');
    expect(message.parentElement).toHaveClass('min-h-0', 'overflow-y-auto');
  });

  it('leaves the focus order as it was while the message fits', async () => {
    layOut(100, 100);
    const user = userEvent.setup();
    renderInRouter(<NoticeModal message="密碼錯誤" onClose={() => {}} offerLineBind />);
    const dialog = await screen.findByRole('dialog', { name: '提示' });
    const bind = within(dialog).getByRole('link', { name: '前往綁定' });
    const close = within(dialog).getByRole('button', { name: '關閉' });
    expect(bind).toHaveFocus();
    expect(within(dialog).queryByRole('region')).not.toBeInTheDocument();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab();
    expect(bind).toHaveFocus();
  });

  it('puts a message that scrolls in the Tab cycle, named by the title, and still opens on the first button', async () => {
    layOut(900, 200);
    const user = userEvent.setup();
    renderInRouter(<NoticeModal message={LONG} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: '提示' });
    const close = within(dialog).getByRole('button', { name: '關閉' });
    const body = await within(dialog).findByRole('region', { name: '提示' });
    expect(close).toHaveFocus();
    expect(body).toHaveAttribute('tabindex', '0');
    await user.tab();
    expect(body).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(body).toHaveFocus();
  });
});
