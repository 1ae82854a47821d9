import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../src/lib/session';
import { answer, reply } from './support/api';
import { PROFILE } from './support/profile';
import { renderApp } from './support/render-app';

// A tab the phone discarded, or one closed and restored, comes back with its own session storage
// and no `storage` event for what happened meanwhile: in another tab the member who left it there
// signed out, and someone else signed in.
const FIRST_TOKEN = 'member-token-first';
const FIRST_NEW_MOBILE = '0911222333';
const NEXT_TOKEN = 'member-token-next';
const NEXT_PROFILE = { ...PROFILE, name: '陳美玲', mobile: '0987654321', email: 'meiling@example.com' };

/** The tab as the first member left it on /change_member_mobile, restored under the next member's session. */
function restoredAfterAnotherSignedIn(): void {
  startSession(NEXT_TOKEN, 'Member');
  sessionStorage.setItem('member_access_token', FIRST_TOKEN);
  sessionStorage.setItem('member_access_info', JSON.stringify(PROFILE));
  sessionStorage.setItem('member_change_mobile', FIRST_NEW_MOBILE);
  sessionStorage.setItem('member_change_mobile_from', PROFILE.mobile);
  sessionStorage.setItem('code_sent_at_change_mobile', JSON.stringify(Date.now()));
}

/** get_member_profile answering the next member's profile for their token, as the server would. */
const answerNextMembersProfile = () =>
  answer('getMemberProfile', ({ payload }) =>
    payload.token === NEXT_TOKEN ? reply('C01', { member_profile: NEXT_PROFILE }) : reply('TOKEN_INVALID'),
  );

const nothingOfTheFirstMember = () => {
  expect(document.body).not.toHaveTextContent('0912-345-678');
  expect(document.body).not.toHaveTextContent('0911-222-333');
  expect(sessionStorage.getItem('member_change_mobile')).toBeNull();
  expect(sessionStorage.getItem('member_change_mobile_from')).toBeNull();
  expect(sessionStorage.getItem('code_sent_at_change_mobile')).toBeNull();
  expect(sessionStorage.getItem('member_access_token')).toBe(NEXT_TOKEN);
};

describe('a tab restored after the session changed in another tab', () => {
  it('/change_member_mobile shows the member now signed in their own mobile, and nothing of the one before', async () => {
    restoredAfterAnotherSignedIn();
    const loads = answerNextMembersProfile();
    renderApp('/change_member_mobile');
    expect(await screen.findByText('目前的手機號碼：0987-654-321')).toBeInTheDocument();
    nothingOfTheFirstMember();
    expect(loads.map((call) => call.payload.token)).toEqual([NEXT_TOKEN]);
  });

  it('/verify_member_mobile says there is no mobile to verify, instead of a code sent to the first member’s new mobile', async () => {
    restoredAfterAnotherSignedIn();
    answerNextMembersProfile();
    renderApp('/verify_member_mobile');
    expect(await screen.findByText('找不到要驗證的手機號碼')).toBeInTheDocument();
    expect(screen.queryByLabelText('驗證碼')).not.toBeInTheDocument();
    nothingOfTheFirstMember();
  });

  it('/change_pwd’s 忘記目前的密碼？ starts the recovery without the first member’s mobile', async () => {
    restoredAfterAnotherSignedIn();
    const { user, router } = renderApp('/change_pwd');
    await user.click(await screen.findByRole('link', { name: '忘記目前的密碼？' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgotPassword'));
    expect(await screen.findByLabelText('手機號碼')).toHaveValue('');
    expect(sessionStorage.getItem('member_access_info')).toBeNull();
  });
});
