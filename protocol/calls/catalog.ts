import * as v from 'valibot';
import { signedCall } from '../contract';
import { plainText } from '../schemas';
import { briefTermResultsSchema } from '../terms';
import { TASK_TYPES } from '../values';

export type { Term } from '../terms';

// Bounds keep one call's work small; the web app asks for a handful at a time.
const MAX_IDS = 50;
const id = v.pipe(v.string(), v.nonEmpty(), v.maxLength(64), plainText());
const ids = v.pipe(v.array(id), v.maxLength(MAX_IDS));
const fullInfo = v.optional(v.boolean(), false);

/** `YYYY/MM/DD HH:mm:ss` (Taipei), or null for no bound. */
const taipeiTimeOrNull = v.nullable(v.string());

const taskSchema = v.object({
  title: v.string(),
  description: v.string(),
  reward_info: v.object({
    obtain_coupons: v.array(v.object({ coupon_id: v.string() })),
    obtain_points: v.array(v.object({ point_id: v.string(), amount: v.number() })),
  }),
  /** With full_info: when the mission runs. */
  start_datetime: v.optional(taipeiTimeOrNull),
  end_datetime: v.optional(taipeiTimeOrNull),
});
export type Task = v.InferOutput<typeof taskSchema>;

const pointSchema = v.object({
  point_id: v.string(),
  title: v.string(),
  feature_image: v.string(),
  /** After which the points lapse. */
  point_circulate_end_datetime: taipeiTimeOrNull,
  /** With full_info: how the points may be used. */
  description: v.optional(v.string()),
});
export type PointInfo = v.InferOutput<typeof pointSchema>;

const couponSchema = v.object({
  coupon_id: v.string(),
  brand_ids: v.array(v.string()),
  title: v.string(),
  feature_image: v.string(),
  /** Days the coupon stays usable after it is given. */
  duration: v.number(),
  /** How many of this coupon a reward gives. */
  total: v.number(),
});
export type CouponInfo = v.InferOutput<typeof couponSchema>;

const brandSchema = v.object({ brand_id: v.string(), title: v.string(), feature_image_small: v.string() });
export type BrandInfo = v.InferOutput<typeof brandSchema>;

/** Terms, missions and their rewards, and copy: what the app shows around registration and invites. */
export const CATALOG_CALLS = {
  briefTerm: signedCall({
    base: 'appApi',
    path: '/term/brief_term',
    token: 'none',
    request: () =>
      v.object({
        type: v.pipe(v.array(v.pipe(v.string(), v.nonEmpty(), v.maxLength(32), plainText())), v.maxLength(10)),
      }),
    results: briefTermResultsSchema,
  }),
  // The results are the task itself.
  taskInformation: signedCall({
    base: 'appApi',
    path: '/mission/task_information',
    token: 'none',
    request: () => v.object({ task_type: v.picklist(TASK_TYPES), full_info: fullInfo }),
    results: taskSchema,
  }),
  pointInformation: signedCall({
    base: 'appApi',
    path: '/point/point_information',
    token: 'none',
    request: () => v.object({ point_id: id, full_info: fullInfo }),
    results: v.object({ point: pointSchema }),
  }),
  couponInformation: signedCall({
    base: 'appApi',
    path: '/coupon/coupon_information',
    token: 'none',
    request: () => v.object({ coupon_ids: ids }),
    results: v.object({ coupons: v.array(couponSchema) }),
  }),
  brandInformation: signedCall({
    base: 'appApi',
    path: '/brand/brand_information',
    token: 'none',
    request: () => v.object({ brand_ids: ids }),
    results: v.object({ brands: v.array(brandSchema) }),
  }),
  briefCopywritingConfig: signedCall({
    base: 'appApi',
    path: '/config/brief_copywriting_config',
    token: 'none',
    request: () => v.object({ keys: ids }),
    results: v.object({ copywriting: v.record(v.string(), v.string()) }),
  }),
} as const;
