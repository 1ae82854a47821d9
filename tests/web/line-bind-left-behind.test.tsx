import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, reply } from './support/api';
import { fakeLine, resetFakeLine } from './support/fake-liff';
import { cameFromLine, LINE_BIND, MINUTE } from './support/line-bind';
import { answerTerms, storeStepOne } from './support/register';
import { renderApp } from './support/render-app';

vi.mock('../../src/lib/liff-sdk', async () => (await import('./support/fake-liff')).fakeLiffModule);

beforeEach(resetFakeLine);
afterEach(resetFakeLine);

const NOTE = '註冊完成後，新帳號將綁定剛才在此登入的 LINE 帳號。';
const note = () => screen.queryByText(NOTE);
const skipLine = () => screen.queryByRole('button', { name: '不綁定 LINE' });
const keptBind = () => sessionStorage.getItem('line_verify_data');
const registered = () => answer('register', () => reply('C01', { temp_access_token: 'temp-token' }));

type App = Pick<ReturnType<typeof renderApp>, 'user' | 'router'>;

/** On step 2 with step 1 done, the member chooses a gender and presses 註冊: the register call's bind data. */
async function registerFromStepTwo(view: App) {
  const calls = registered();
  await view.user.click(await screen.findByRole('radio', { name: '女' }));
  await view.user.click(screen.getByRole('button', { name: '註冊' }));
  await waitFor(() => expect(view.router.state.location.pathname).toBe('/registerFinal'));
  return calls[0]?.params.bind_third_party;
}

/** Visitor A taps LINE login inside LINE and is told the LINE id is not bound. */
async function lineNotBound() {
  fakeLine.inClient = true;
  fakeLine.loggedIn = true;
  fakeLine.accessToken = 'line-token-of-visitor-a';
  answer('loginWithProvider', () => reply('LINE_NOT_BOUND'));
  const view = renderApp('/login');
  await view.user.click(await screen.findByRole('button', { name: /使用 LINE 帳號登入/ }));
  return { ...view, dialog: await screen.findByRole('dialog', { name: '提示' }) };
}

describe('the not-bound notice on /login', () => {
  it.each([
    [
      '關閉',
      (user: UserEvent, dialog: HTMLElement) => user.click(within(dialog).getByRole('button', { name: '關閉' })),
    ],
    ['Esc', (user: UserEvent) => user.keyboard('{Escape}')],
  ] as const)(
    'closed with %s forgets the LINE account: the next registration in the tab binds no LINE',
    async (_, close) => {
      const { user, dialog, router } = await lineNotBound();
      expect(keptBind()).not.toBeNull();
      await close(user, dialog);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(keptBind()).toBeNull();

      // Visitor B registers in the same tab.
      storeStepOne();
      await router.navigate({ to: '/registerSecond' });
      await screen.findByLabelText('邀請碼');
      expect(note()).not.toBeInTheDocument();
      expect(await registerFromStepTwo({ user, router })).toBeUndefined();
    },
  );

  it('keeps the LINE account when the member chooses 前往綁定', async () => {
    const { user, dialog, router } = await lineNotBound();
    await user.click(within(dialog).getByRole('link', { name: '前往綁定' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/line_bind'));
    expect(await screen.findByLabelText('手機號碼')).toBeInTheDocument();
    expect(JSON.parse(keptBind() ?? 'null')?.bind_third_party.verify_data.line_token).toBe('line-token-of-visitor-a');
  });
});

describe('LINE bind data kept too long', () => {
  it('kept more than 30 minutes ago is none: no note, nothing sent, and it is removed', async () => {
    cameFromLine(LINE_BIND, Date.now() - 31 * MINUTE);
    storeStepOne();
    const view = renderApp('/registerSecond');
    await screen.findByLabelText('邀請碼');
    expect(note()).not.toBeInTheDocument();
    expect(keptBind()).toBeNull();
    expect(await registerFromStepTwo(view)).toBeUndefined();
  });

  it('kept by the earlier release, with no time, counts as kept too long', async () => {
    cameFromLine(LINE_BIND, null);
    answerTerms();
    renderApp('/registerFirst');
    await screen.findByLabelText('手機號碼');
    expect(note()).not.toBeInTheDocument();
    expect(keptBind()).toBeNull();
  });

  it('kept 29 minutes ago still binds; the note goes once its 30 minutes are up', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    cameFromLine(LINE_BIND, Date.now() - 29 * MINUTE);
    storeStepOne();
    renderApp('/registerSecond');
    expect(await screen.findByText(NOTE)).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(MINUTE + 1000);
    await waitFor(() => expect(note()).not.toBeInTheDocument());
    expect(keptBind()).toBeNull();
  });
});

describe('a registration that will bind LINE says so', () => {
  it('on step 1, near the top, with 不綁定 LINE, which forgets the LINE account', async () => {
    cameFromLine();
    answerTerms();
    const { user } = renderApp('/registerFirst');
    const text = await screen.findByText(NOTE);
    // Before the form's first field, so it is read before the member fills anything in.
    expect(
      text.compareDocumentPosition(screen.getByLabelText('手機號碼')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    const button = skipLine();
    expect(button).toBeInTheDocument();
    // Reached by the keyboard, as the first thing after the heading.
    await user.tab();
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(note()).not.toBeInTheDocument();
    expect(skipLine()).not.toBeInTheDocument();
    expect(keptBind()).toBeNull();
    // The button is gone: the heading takes the focus, not the page's body.
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
  });

  it('on step 2, where the registration is sent; 不綁定 LINE there registers without LINE', async () => {
    cameFromLine();
    storeStepOne();
    const view = renderApp('/registerSecond');
    expect(await screen.findByText(NOTE)).toBeInTheDocument();
    await view.user.click(skipLine() as HTMLElement);
    expect(note()).not.toBeInTheDocument();
    expect(keptBind()).toBeNull();
    expect(await registerFromStepTwo(view)).toBeUndefined();
  });

  it('on step 2, left as it is, the registration binds the LINE account', async () => {
    cameFromLine();
    storeStepOne();
    const view = renderApp('/registerSecond');
    expect(await screen.findByText(NOTE)).toBeInTheDocument();
    expect(await registerFromStepTwo(view)).toEqual(LINE_BIND);
  });

  it('says nothing of LINE when no LINE account is kept', async () => {
    answerTerms();
    renderApp('/registerFirst');
    await screen.findByLabelText('手機號碼');
    expect(note()).not.toBeInTheDocument();
    expect(skipLine()).not.toBeInTheDocument();
  });
});
