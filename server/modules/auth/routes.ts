import type { FastifyPluginAsync } from 'fastify';
import { AES_KEY_COOKIE, decryptValue, MMRM_TOKEN_HEADER } from '#protocol';
import type { AppContext } from '../../context';
import { answer } from '../../lib/responses';
import { callsOn } from '../../plugins/calls';
import { isMobileRegistered } from '../members/service';
import { login, redirectLocation, signOut } from './service';

export const authRoutes: FastifyPluginAsync<AppContext> = async (app, { config, db, now }) => {
  const call = callsOn(app, config.aesKey);

  call('login', async ({ params }) => {
    const outcome = await login(db, { mobile: params.account, password: params.password }, now());
    if (outcome.rc !== 'C01') return answer(outcome.rc);
    return answer('C01', { member_access_token: outcome.memberAccessToken });
  });

  call('checkMobile', async ({ params }) =>
    answer((await isMobileRegistered(db, params.mobile, now())) ? 'MEMBER_MOBILE_IS_REPEAT' : 'C01'),
  );

  call('logout', async ({ token }) => answer((await signOut(db, token, now())) ? 'C01' : 'TOKEN_INVALID'));

  // The token comes encrypted either with the browser's aes_key cookie (x_token) or with the CRM AES key (header).
  call('redirectLocation', async ({ request, reply }) => {
    // One session asks one address (its x_token does not change), and the answer changes with the
    // member (an imported member's /change_pwd ends with the birthday password): no cache may keep it.
    reply.header('cache-control', 'no-store');
    const candidates: (string | null)[] = [];
    const header = request.headers[MMRM_TOKEN_HEADER.toLowerCase()];
    if (typeof header === 'string') candidates.push(decryptValue(config.aesKey, header));
    const xToken = (request.query as { x_token?: unknown }).x_token;
    const cookieKey = request.cookies[AES_KEY_COOKIE];
    // An unencoded `+` in a query string arrives as a space.
    if (typeof xToken === 'string' && cookieKey) candidates.push(decryptValue(cookieKey, xToken.replaceAll(' ', '+')));
    for (const token of candidates) {
      const location = token && (await redirectLocation(db, token, now(), config.defaultRedirectUrl));
      if (location) return answer('C01', { location });
    }
    return answer('TOKEN_INVALID');
  });
};
