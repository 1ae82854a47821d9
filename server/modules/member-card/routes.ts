import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { maskedMobile, rcrm, taipeiTimestamp } from '#protocol';
import { LIMITS } from '../../config';
import type { AppContext } from '../../context';
import { clientBlock } from '../../lib/client-address';
import { answer } from '../../lib/responses';
import { sha256Hex } from '../../lib/secrets';
import { callsOn } from '../../plugins/calls';
import { countAgainst, createBudget } from '../../plugins/rate-limit';
import { acceptScan, memberCardFor, type PosTerminal, terminalOfKey } from './service';

export const memberCardRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const { config, db, now } = context;
  const call = callsOn(app, config.aesKey);

  call('getMemberCard', async ({ token }) => {
    const at = now();
    const outcome = await memberCardFor(db, token, at);
    if (outcome.rc !== 'C01') return answer(outcome.rc);
    return answer('C01', {
      name: outcome.member.name,
      mobile_masked: maskedMobile(outcome.member.mobile),
      member_card: outcome.card && { card_number: outcome.card.cardNumber, card_secret: outcome.card.secret },
      server_time: taipeiTimestamp(at),
      recent_scans: outcome.scans.map((scan) => ({
        terminal_name: scan.terminalName,
        scanned_at: taipeiTimestamp(scan.scannedAt),
      })),
    });
  });

  // The tills' call answers to their API keys, not to member tokens: a scope of its own.
  await app.register(posRoutes, context);
};

const BEARER = /^Bearer ([^\s]+)$/i;
const presentedKey = (request: FastifyRequest): string | null =>
  BEARER.exec(request.headers.authorization ?? '')?.[1] ?? null;

const refuseTill = (reply: FastifyReply): FastifyReply =>
  reply
    .header('www-authenticate', 'Bearer realm="pos-api"')
    .code(401)
    .send({ rcrm: rcrm('TOKEN_INVALID'), results: {} });

const posRoutes: FastifyPluginAsync<AppContext> = async (app, { config, db, now }) => {
  const call = callsOn(app, config.aesKey);
  const tills = new WeakMap<FastifyRequest, PosTerminal>();
  // A wrong key costs the caller's address; a right one, its till (keys are never kept, only hashed).
  const wrongKeys = createBudget(
    app,
    'pos-wrong-key',
    config.rateLimitChecksPerMinute,
    LIMITS.rateLimitWindowMs,
    clientBlock,
  );
  const perTill = createBudget(app, 'pos-till', config.posVerifyPerMinute, LIMITS.rateLimitWindowMs, (request) =>
    sha256Hex(presentedKey(request) ?? ''),
  );

  // Before the body is read: a caller without a live key learns nothing about codes.
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const key = presentedKey(request);
    const till = key ? await terminalOfKey(db, key) : null;
    if (!till) {
      if (await countAgainst([wrongKeys], request, reply)) return reply;
      return refuseTill(reply);
    }
    tills.set(request, till);
    if (await countAgainst([perTill], request, reply)) return reply;
  });

  call('posVerifyMemberCard', async ({ params, request, reply }) => {
    const till = tills.get(request) as PosTerminal;
    const outcome = await acceptScan(db, till.id, params.code, now());
    // Revoked after the check above: answered as a revoked key is, the scan not taken.
    if (outcome.rc === 'TOKEN_INVALID') return refuseTill(reply);
    if (outcome.rc !== 'C01') return answer(outcome.rc);
    const { member } = outcome;
    return answer('C01', {
      member_id: member.id,
      name: member.name,
      mobile_masked: maskedMobile(member.mobile),
      is_verified: member.isVerified,
    });
  });
};
