import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import {
  type BrandInformationResults,
  type BriefCopywritingConfigResults,
  type BriefTermResults,
  type CouponInformationResults,
  VALIDATION_MESSAGES as M,
  plainText,
  TASK_TYPES,
} from '#protocol';
import type { AppContext } from '../../context';
import { pathOf } from '../../lib/paths';
import { publicOrigin } from '../../lib/public-origin';
import { answer, reject } from '../../lib/responses';
import { type SignedInput, signed } from '../../plugins/envelope';
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

// Bounds keep one call's work small; the web app asks for a handful at a time.
const MAX_IDS = 50;
const id = v.pipe(v.string(), v.nonEmpty(), v.maxLength(64), plainText());
const ids = v.pipe(v.array(id), v.maxLength(MAX_IDS));
const fullInfo = v.optional(v.boolean(), false);

const termParams = v.object({
  type: v.pipe(v.array(v.pipe(v.string(), v.nonEmpty(), v.maxLength(32), plainText())), v.maxLength(10)),
});
const taskParams = v.object({ task_type: v.picklist(TASK_TYPES), full_info: fullInfo });
const pointParams = v.object({ point_id: id, full_info: fullInfo });
const couponParams = v.object({ coupon_ids: ids });
const brandParams = v.object({ brand_ids: ids });
const copyParams = v.object({ keys: ids });

export const catalogRoutes: FastifyPluginAsync<AppContext> = async (app, { config, db }) => {
  await app.register(catalogImageRoutes);

  // Stored site paths become absolute on this server's public origin, so images load wherever the web app is served from.
  const origin = publicOrigin(config);
  const imageUrl: ImageUrl = (stored) => (/^https?:\/\//i.test(stored) ? stored : `${origin}${stored}`);

  app.post(
    pathOf('briefTerm'),
    signed(termParams, async ({ params }) =>
      answer('C01', { terms: await briefTerms(db, params.type) } satisfies BriefTermResults),
    ),
  );

  app.post(pathOf('taskInformation'), {
    config: { envelope: taskParams },
    handler: async (request, reply) => {
      const { params } = request.signed as SignedInput<v.InferOutput<typeof taskParams>>;
      const task = await taskInformation(db, params.task_type, params.full_info);
      return task ? answer('C01', { ...task }) : reject(reply, 'PARAMETER_INVALID', `${M.taskNotFound}（task_type）`);
    },
  });

  app.post(pathOf('pointInformation'), {
    config: { envelope: pointParams },
    handler: async (request, reply) => {
      const { params } = request.signed as SignedInput<v.InferOutput<typeof pointParams>>;
      const point = await pointInformation(db, params.point_id, params.full_info, imageUrl);
      return point ? answer('C01', { point }) : reject(reply, 'PARAMETER_INVALID', `${M.pointNotFound}（point_id）`);
    },
  });

  app.post(
    pathOf('couponInformation'),
    signed(couponParams, async ({ params }) => {
      const coupons = await couponInformation(db, params.coupon_ids, imageUrl);
      return answer('C01', { coupons } satisfies CouponInformationResults);
    }),
  );

  app.post(
    pathOf('brandInformation'),
    signed(brandParams, async ({ params }) => {
      const brands = await brandInformation(db, params.brand_ids, imageUrl);
      return answer('C01', { brands } satisfies BrandInformationResults);
    }),
  );

  app.post(
    pathOf('briefCopywritingConfig'),
    signed(copyParams, async ({ params }) =>
      answer('C01', { copywriting: await copywritingTexts(db, params.keys) } satisfies BriefCopywritingConfigResults),
    ),
  );
};
