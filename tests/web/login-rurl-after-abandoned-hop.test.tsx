import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, answerRedirectLocation, reply, setAesKeyCookie } from './support/api';
import { SHOP_ORIGIN } from './support/config';
import { stubLocationReplace } from './support/location';
import { signInAs } from './support/login';
import { renderApp } from './support/render-app';

// A signed-out member started an OAuth hop at a partner: /authorize kept itself as the page to come
// back to after signing in, and replaced itself with /login. The member pressed Back to the
// partner instead, and the kept page stayed in the tab.
const TOKEN = 'member-token-abc';
const AUTHORIZE_PATH = `/authorize?${new URLSearchParams({ random_key: 'rk_abandoned', client_id: 'client-1', state: 's' })}`;
const keptFromAnAbandonedHop = () =>
  sessionStorage.setItem('return_path', JSON.stringify({ path: AUTHORIZE_PATH, until: Date.now() + 20 * 60_000 }));

describe('a sign-in opened with its own rurl after an OAuth hop was abandoned', () => {
  it('goes where the rurl says, not to the partner the member turned back from', async () => {
    setAesKeyCookie();
    const replace = stubLocationReplace();
    keptFromAnAbandonedHop();
    const rurl = `${SHOP_ORIGIN}/api/after-login`;
    answer('login', () => reply('C01', { member_access_token: TOKEN }));
    const redirects = answerRedirectLocation(rurl, () => reply('C01', { location: `${SHOP_ORIGIN}/cart` }));
    const { user } = renderApp(`/login?rurl=${encodeURIComponent(rurl)}`);

    await signInAs(user);

    await waitFor(() => expect(replace).toHaveBeenCalledWith(`${SHOP_ORIGIN}/cart`));
    expect(replace).not.toHaveBeenCalledWith(expect.stringContaining('/authorize'));
    expect(redirects).toHaveLength(1);
    expect(sessionStorage.getItem('return_path')).toBeNull();
  });

  it('an rurl refused as unsafe is no destination: the kept hop still comes back', async () => {
    setAesKeyCookie();
    const replace = stubLocationReplace();
    keptFromAnAbandonedHop();
    answer('login', () => reply('C01', { member_access_token: TOKEN }));
    const { user } = renderApp(`/login?rurl=${encodeURIComponent('https://evil.example.net/next')}`);

    await signInAs(user);

    await waitFor(() => expect(replace).toHaveBeenCalledWith(AUTHORIZE_PATH));
  });
});
