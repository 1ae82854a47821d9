import type { FastifyPluginAsync } from 'fastify';
import { VALIDATION_MESSAGES as M, refusalNaming } from '#protocol';
import type { AppContext } from '../../context';
import { publicOrigin } from '../../lib/public-origin';
import { answer, reject } from '../../lib/responses';
import { callsOn } from '../../plugins/calls';
import { catalogImageRoutes } from './images';
import {
  brandInformation,
  briefTerms,
  copywritingTexts,
  couponInformation,
  type ImageUrl,
  pointInformation,
  taskInformation,
} from './service';

export const catalogRoutes: FastifyPluginAsync<AppContext> = async (app, { config, db, now }) => {
  await app.register(catalogImageRoutes);
  const call = callsOn(app, config.aesKey);

  // Stored site paths become absolute on this server's public origin, so images load wherever the web app is served from.
  const origin = publicOrigin(config);
  const imageUrl: ImageUrl = (stored) => (/^https?:\/\//i.test(stored) ? stored : `${origin}${stored}`);

  call('briefTerm', async ({ params }) => answer('C01', { terms: await briefTerms(db, params.type) }));

  call('taskInformation', async ({ params, reply }) => {
    const task = await taskInformation(db, params.task_type, params.full_info, now());
    return task
      ? answer('C01', { ...task })
      : reject(reply, 'PARAMETER_INVALID', refusalNaming('task_type', M.taskNotFound));
  });

  call('pointInformation', async ({ params, reply }) => {
    const point = await pointInformation(db, params.point_id, params.full_info, imageUrl);
    return point
      ? answer('C01', { point })
      : reject(reply, 'PARAMETER_INVALID', refusalNaming('point_id', M.pointNotFound));
  });

  call('couponInformation', async ({ params }) =>
    answer('C01', { coupons: await couponInformation(db, params.coupon_ids, imageUrl) }),
  );

  call('brandInformation', async ({ params }) =>
    answer('C01', { brands: await brandInformation(db, params.brand_ids, imageUrl) }),
  );

  call('briefCopywritingConfig', async ({ params }) =>
    answer('C01', { copywriting: await copywritingTexts(db, params.keys) }),
  );
};
