import { waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { parseTaipeiTimestamp } from '#protocol/time';
import { callApi } from '../../src/api/client';
import { answerRedirectLocation, answerWithServerClock, reply, setAesKeyCookie, urlOf } from './support/api';
import { SHOP_ORIGIN } from './support/config';
import { stubLocationReplace } from './support/location';
import { signInAs } from './support/login';
import { renderApp } from './support/render-app';
import { server } from './support/server';

// A phone whose clock is wrong: set by hand, or to the wrong time zone with the time typed in.
// Signed calls carry their time, and the server refuses one more than 300 s from its own.

const HOUR_MS = 60 * 60 * 1000;
const stampedAt = (call: { payload: { timestamp: string } } | undefined) =>
  parseTaipeiTimestamp(call?.payload.timestamp ?? '')?.getTime() ?? Number.NaN;

describe('a phone whose clock is wrong', () => {
  it('signs in with one tap: the refused call learns the server’s time from its answer and goes again once, newly stamped', async () => {
    setAesKeyCookie();
    const replace = stubLocationReplace();
    const logins = answerWithServerClock('login', HOUR_MS, () => reply('C01', { member_access_token: 'member-1' }));
    answerRedirectLocation(urlOf('redirectLocation'), () => reply('C01', { location: `${SHOP_ORIGIN}/home` }));
    const { user } = renderApp('/login');

    await signInAs(user);

    await waitFor(() => expect(replace).toHaveBeenCalledWith(`${SHOP_ORIGIN}/home`));
    expect(logins).toHaveLength(2);
    expect(Math.abs(stampedAt(logins[0]) - Date.now())).toBeLessThan(60_000);
    expect(Math.abs(stampedAt(logins[1]) - (Date.now() + HOUR_MS))).toBeLessThan(60_000);
  });

  it('stamps the calls after it in the server’s time at once, in this tab', async () => {
    const first = answerWithServerClock('briefTerm', -2 * HOUR_MS, () => reply('C01', { terms: [] }));
    await callApi('briefTerm', { params: { type: ['register'] } });
    expect(first).toHaveLength(2);

    const next = answerWithServerClock('briefTerm', -2 * HOUR_MS, () => reply('C01', { terms: [] }));
    await callApi('briefTerm', { params: { type: ['register'] } });
    expect(next).toHaveLength(1);
    expect(Math.abs(stampedAt(next[0]) - (Date.now() - 2 * HOUR_MS))).toBeLessThan(60_000);
  });

  it('shows a refusal that the server’s time does not explain, and does not send it again', async () => {
    // The server's Date agrees with the phone: nothing the phone's clock could mend.
    let requests = 0;
    server.use(
      http.post(urlOf('briefTerm'), () => {
        requests += 1;
        return HttpResponse.json(reply('TIMESTAMP_INVALID'), {
          status: 401,
          headers: { Date: new Date().toUTCString() },
        });
      }),
    );
    await expect(callApi('briefTerm', { params: { type: ['register'] } })).rejects.toMatchObject({
      rc: 'TIMESTAMP_INVALID',
      message: '請求時間無效，請確認裝置時間是否正確',
    });
    expect(requests).toBe(1);
  });
});
