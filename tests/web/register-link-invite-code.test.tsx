import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerTerms, storeStepOne } from './support/register';
import { renderApp } from './support/render-app';

// A shared registration link carries a friend's invite code in its query, and Back to step 1 or a
// reload arrives with that query again.
const LINK_CODE = 'ABCD2345';
const inviteCodeKept = () => JSON.parse(sessionStorage.getItem('register2') ?? '{}').referrer_code;

describe('a registration link’s invite code and the one the member entered', () => {
  it('arriving at step 1 again by the link leaves the code the member put in step 2', async () => {
    sessionStorage.setItem(
      'register2',
      JSON.stringify({ referrer_code: 'ZZZZ9999', gender: 'F', email: '', birthday: '' }),
    );
    answerTerms();
    renderApp(`/registerFirst?referrer_code=${LINK_CODE}`);
    await screen.findByLabelText('手機號碼');
    expect(inviteCodeKept()).toBe('ZZZZ9999');
  });

  it('a reload of step 2 by the link shows the code the member typed over the link’s', async () => {
    storeStepOne();
    answerTerms();
    const first = renderApp(`/registerSecond?referrer_code=${LINK_CODE}`);
    const invite = await screen.findByLabelText('邀請碼');
    expect(invite).toHaveValue(LINK_CODE);
    await first.user.clear(invite);
    await first.user.type(invite, 'ZZZZ9999');
    first.unmount();

    renderApp(`/registerSecond?referrer_code=${LINK_CODE}`);
    expect(await screen.findByLabelText('邀請碼')).toHaveValue('ZZZZ9999');
  });

  it('fills the code into a draft that has none yet', async () => {
    sessionStorage.setItem('register2', JSON.stringify({ referrer_code: '', gender: 'M', email: '', birthday: '' }));
    answerTerms();
    renderApp(`/registerFirst?referrer_code=${LINK_CODE}`);
    await screen.findByLabelText('手機號碼');
    expect(inviteCodeKept()).toBe(LINK_CODE);
    expect(JSON.parse(sessionStorage.getItem('register2') ?? '{}').gender).toBe('M');
  });
});
