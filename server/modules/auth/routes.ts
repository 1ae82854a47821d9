import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import {
  AES_KEY_COOKIE,
  accountSchema,
  decryptValue,
  loginPasswordSchema,
  MMRM_TOKEN_HEADER,
  mobileSchema,
} from '#protocol';
import type { AppContext } from '../../context';
import { pathOf } from '../../lib/paths';
import { answer } from '../../lib/responses';
import { encrypted, signed } from '../../plugins/envelope';
import { isMobileRegistered } from '../members/service';
import { login, redirectLocation } from './service';

export const authRoutes: FastifyPluginAsync<AppContext> = async (app, { config, db, now }) => {
  const loginParams = v.object({
    account: encrypted(config.aesKey, accountSchema),
    password: encrypted(config.aesKey, loginPasswordSchema),
  });
  app.post(
    pathOf('login'),
    signed(loginParams, async ({ params }) => {
      const outcome = await login(db, { mobile: params.account, password: params.password }, now());
      if (outcome.rc !== 'C01') return answer(outcome.rc);
      return answer('C01', { member_access_token: outcome.memberAccessToken });
    }),
  );

  const checkMobileParams = v.object({ mobile: encrypted(config.aesKey, mobileSchema) });
  app.post(
    pathOf('checkMobile'),
    signed(checkMobileParams, async ({ params }) =>
      answer((await isMobileRegistered(db, params.mobile, now())) ? 'MEMBER_MOBILE_IS_REPEAT' : 'C01'),
    ),
  );

  // The token comes encrypted either with the browser's aes_key cookie (x_token) or with the CRM AES key (header).
  app.get<{ Querystring: { x_token?: unknown } }>(pathOf('redirectLocation'), async (request) => {
    const candidates: (string | null)[] = [];
    const header = request.headers[MMRM_TOKEN_HEADER.toLowerCase()];
    if (typeof header === 'string') candidates.push(decryptValue(config.aesKey, header));
    const xToken = request.query.x_token;
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
