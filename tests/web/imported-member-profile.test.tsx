import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IMPORTED_MEMBER_LOCATION } from '#protocol/routes';
import { answer, answerRedirectLocation, reply, setAesKeyCookie, urlOf } from './support/api';
import { SHOP_ORIGIN } from './support/config';
import { stubLocationReplace } from './support/location';
import { answerProfile, signIn } from './support/profile';
import { renderApp } from './support/render-app';

const MEMBER_PAGE = `${SHOP_ORIGIN}/member/home`;
const notice = () => screen.findByRole('dialog', { name: '提示' });

describe('an imported member still on the birthday password', () => {
  it('is sent by a profile save to /change_pwd, and once the password is changed to where the redirect location says', async () => {
    setAesKeyCookie();
    const replace = stubLocationReplace();
    signIn();
    answerProfile({ birthday: '1980/12/01' });
    answer('updateMemberProfile', () => reply('C01', {}));
    // The server sends the member to /change_pwd only while the birthday password is still theirs.
    let birthdayPassword = true;
    answer('updateMemberPassword', () => {
      birthdayPassword = false;
      return reply('C01', {});
    });
    const redirects = answerRedirectLocation(urlOf('redirectLocation'), () =>
      reply('C01', { location: birthdayPassword ? IMPORTED_MEMBER_LOCATION : MEMBER_PAGE }),
    );
    const { user, router } = renderApp('/change_member');

    await user.click(await screen.findByRole('button', { name: '儲存' }));
    await user.click(within(await notice()).getByRole('button', { name: '確定' }));
    await waitFor(() => expect(replace).toHaveBeenLastCalledWith(IMPORTED_MEMBER_LOCATION));

    // jsdom does not leave the page: the router goes where the browser would have.
    await router.navigate({ href: IMPORTED_MEMBER_LOCATION });
    await user.type(await screen.findByLabelText('舊密碼'), '19801201');
    await user.type(screen.getByLabelText('新密碼'), 'fresh2025');
    await user.type(screen.getByLabelText('確認新密碼'), 'fresh2025');
    await user.click(screen.getByRole('button', { name: '確定' }));
    await user.click(within(await notice()).getByRole('button', { name: '確定' }));
    await waitFor(() => expect(replace).toHaveBeenLastCalledWith(MEMBER_PAGE));

    await user.click(screen.getByRole('link', { name: '返回基本資料' }));
    await user.click(await screen.findByRole('button', { name: '儲存' }));
    await user.click(within(await notice()).getByRole('button', { name: '確定' }));
    await waitFor(() => expect(redirects).toHaveLength(3));
    await waitFor(() => expect(replace).toHaveBeenLastCalledWith(MEMBER_PAGE));
    expect(replace).toHaveBeenCalledTimes(3);
  });
});
