import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Modal } from '../../src/components/modal';
import { NoticeModal } from '../../src/components/notice-modal';

function renderInRouter(ui: React.ReactNode) {
  const rootRoute = createRootRoute({ component: () => ui });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(<RouterProvider router={router} />);
}

// Spec section 9: modal default width 520, confirm 416 (on a phone both take the screen's width).
describe('modal widths', () => {
  it('lets a modal grow to 520 px', async () => {
    renderInRouter(
      <Modal open title="會員條款">
        內容
      </Modal>,
    );
    const dialog = await screen.findByRole('dialog', { name: '會員條款' });
    expect(dialog).toHaveClass('w-full', 'max-w-[520px]');
  });

  it('keeps the notice modal, a confirmation, to 416 px', async () => {
    renderInRouter(<NoticeModal message="密碼錯誤" onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: '提示' });
    expect(dialog).toHaveClass('w-full', 'max-w-[416px]');
  });
});
