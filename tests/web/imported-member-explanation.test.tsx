import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IMPORTED_MEMBER_LOCATION } from '#protocol/routes';
import { startSession } from '../../src/lib/session';
import { answer, answerRedirectLocation, reply, urlOf } from './support/api';
import { stubLocationReplace } from './support/location';
import { signInAs } from './support/login';
import { renderApp } from './support/render-app';

const WHY = '您目前的密碼是生日 8 碼，為了帳號安全，請設定新的密碼。';

describe('an imported member sent to /change_pwd is told why', () => {
  it('follows the server’s location for an imported member, which says why', async () => {
    const replace = stubLocationReplace();
    answer('login', () => reply('C01', { member_access_token: 'legacy-token' }));
    answerRedirectLocation(urlOf('redirectLocation'), () => reply('C01', { location: IMPORTED_MEMBER_LOCATION }));
    const { user } = renderApp('/login');
    await signInAs(user, '0911222333', '19801201');
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/change_pwd?reason=imported'));
  });

  it('shows the one sentence at the top of the screen, before the form', async () => {
    startSession('legacy-token', 'Member');
    renderApp(IMPORTED_MEMBER_LOCATION);
    const why = await screen.findByText(WHY);
    const oldPassword = screen.getByLabelText('舊密碼');
    expect(why.compareDocumentPosition(oldPassword) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: '修改密碼' })).toBeInTheDocument();
  });

  it('says nothing of it to a member who opened /change_pwd themselves', async () => {
    startSession('member-token', 'Member');
    renderApp('/change_pwd');
    await screen.findByLabelText('舊密碼');
    expect(screen.queryByText(WHY)).not.toBeInTheDocument();
  });

  it('ignores a reason it does not know', async () => {
    startSession('member-token', 'Member');
    renderApp('/change_pwd?reason=whatever');
    await screen.findByLabelText('舊密碼');
    expect(screen.queryByText(WHY)).not.toBeInTheDocument();
  });
});
