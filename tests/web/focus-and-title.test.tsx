import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, heldAnswer, reply } from './support/api';
import { passwordInput, signInAs } from './support/login';
import { answerCard } from './support/member-card';
import { PROFILE, signIn } from './support/profile';
import { renderApp } from './support/render-app';

describe('the page title and the focus when the screen changes', () => {
  it('names the screen in the title on arrival, and leaves the focus at the start of the page', async () => {
    renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: '會員登入' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('會員登入 | 會員中心'));
    expect(document.body).toHaveFocus();
  });

  it('moves the focus to the new screen’s heading and renames the page on every later screen', async () => {
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('link', { name: '首次登入說明' }));

    const heading = await screen.findByRole('heading', { level: 1, name: '首次登入說明' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');
    expect(document.title).toBe('首次登入說明 | 會員中心');

    await user.click(screen.getByRole('link', { name: '返回登入' }));
    const login = await screen.findByRole('heading', { level: 1, name: '會員登入' });
    await waitFor(() => expect(login).toHaveFocus());
    expect(document.title).toBe('會員登入 | 會員中心');
  });

  it('says when a page does not exist', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: '找不到此頁面' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('找不到此頁面 | 會員中心'));
  });
});

describe('the loading overlay', () => {
  it('holds the focus and marks the screen busy while a call runs, then gives the focus back', async () => {
    const { held, release } = heldAnswer();
    answer('login', async () => {
      await held;
      return reply('PASSWORD_INCORRECT');
    });
    const { user } = renderApp('/login');
    await signInAs(user);

    const status = await screen.findByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('載入中...'));
    const main = screen.getByRole('main');
    expect(main).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(status).toContainElement(document.activeElement as HTMLElement));
    await user.tab();
    expect(status).toContainElement(document.activeElement as HTMLElement);
    await user.tab({ shift: true });
    expect(status).toContainElement(document.activeElement as HTMLElement);

    release();
    const notice = await screen.findByRole('dialog', { name: '提示' });
    expect(notice).toHaveTextContent('密碼錯誤');
    expect(main).not.toHaveAttribute('aria-busy');
    const close = within(notice).getByRole('button', { name: '關閉' });
    await waitFor(() => expect(close).toHaveFocus());

    await user.click(close);
    await waitFor(() => expect(passwordInput()).toHaveFocus());
  });

  it('holds the focus while a screen loads, then hands it to the new screen’s heading', async () => {
    // The profile waits for the member's data before it shows.
    const { held, release } = heldAnswer();
    answerCard();
    answer('getMemberProfile', async () => {
      await held;
      return reply('C01', { member_profile: PROFILE });
    });
    signIn();
    const { user } = renderApp('/member_card');
    await user.click(await screen.findByRole('link', { name: '返回基本資料' }));

    const status = await screen.findByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('載入中...'));
    await waitFor(() => expect(status).toContainElement(document.activeElement as HTMLElement));
    await user.tab();
    expect(status).toContainElement(document.activeElement as HTMLElement);

    release();
    // Asked afresh each time: the profile's heading is drawn again once its data is in.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: '基本資料' })).toHaveFocus());
    expect(document.title).toBe('基本資料 | 會員中心');
  });
});

describe('a modal', () => {
  it('keeps Tab inside while open', async () => {
    answer('login', () => reply('PASSWORD_INCORRECT'));
    const { user } = renderApp('/login');
    await signInAs(user);
    const notice = await screen.findByRole('dialog', { name: '提示' });
    const close = within(notice).getByRole('button', { name: '關閉' });
    await waitFor(() => expect(close).toHaveFocus());
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(close).toHaveFocus();
  });
});
