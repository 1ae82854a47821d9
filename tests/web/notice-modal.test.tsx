import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NoticeModal } from '../../src/components/notice-modal';

function renderNotice(offerLineBind: boolean) {
  const rootRoute = createRootRoute({
    component: () => <NoticeModal message="此 LINE ID 尚未綁定會員" onClose={() => {}} offerLineBind={offerLineBind} />,
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(<RouterProvider router={router} />);
}

describe('the notice modal', () => {
  it('offers 前往綁定 to /line_bind when the LINE id is not bound', async () => {
    renderNotice(true);
    const dialog = await screen.findByRole('dialog', { name: '提示' });
    expect(within(dialog).getByRole('link', { name: '前往綁定' })).toHaveAttribute('href', '/line_bind');
    expect(within(dialog).getByRole('button', { name: '關閉' })).toBeInTheDocument();
  });

  it('offers only 關閉 otherwise', async () => {
    renderNotice(false);
    const dialog = await screen.findByRole('dialog', { name: '提示' });
    expect(within(dialog).queryByRole('link')).not.toBeInTheDocument();
  });
});
