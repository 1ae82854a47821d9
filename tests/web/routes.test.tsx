import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../src/lib/session';
import { answerProfile } from './support/profile';
import { renderApp } from './support/render-app';

describe('the root address', () => {
  it('shows only the word error', async () => {
    const { container } = renderApp('/');
    await waitFor(() => expect(container).toHaveTextContent(/^error$/));
  });
});

describe('/login/text', () => {
  it('explains the first-login defaults in four points', async () => {
    renderApp('/login/text');
    expect(await screen.findByRole('heading', { name: '首次登入說明' })).toBeInTheDocument();
    const points = screen.getAllByRole('listitem');
    expect(points).toHaveLength(4);
    expect(points[0]).toHaveTextContent('帳號為手機號碼');
    expect(points[0]).toHaveTextContent('生日 8 碼');
    expect(points[0]).toHaveTextContent('19801201');
    expect(points[1]).toHaveTextContent('官網設定的密碼');
    expect(points[2]).toHaveTextContent('APP 相同的帳號密碼');
    expect(points[3]).toHaveTextContent('修改密碼');
    expect(screen.getByRole('link', { name: '返回登入' })).toHaveAttribute('href', '/login');
  });
});

describe('other addresses', () => {
  it('/Change_member_mobile goes to /change_member_mobile and keeps the query', async () => {
    startSession('fresh-token', 'Member');
    answerProfile();
    const { router } = renderApp('/Change_member_mobile?rurl=%2Fchange_member&from=app');
    expect(await screen.findByRole('heading', { name: '變更手機號碼' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/change_member_mobile');
    expect(window.location.pathname).toBe('/change_member_mobile');
    const query = new URLSearchParams(window.location.search);
    expect(query.get('rurl')).toBe('/change_member');
    expect(query.get('from')).toBe('app');
  });

  it('an unknown address says the page is not found', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: '找不到此頁面' })).toBeInTheDocument();
  });
});
