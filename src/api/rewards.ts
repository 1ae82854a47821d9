import { queryOptions } from '@tanstack/react-query';
import type { BrandInfo, CouponInfo, PointInfo, Task, TaskType } from '#protocol/endpoints';
import { VALIDATION_MESSAGES } from '#protocol/messages';
import { parseTaipeiTimestamp, runsAt } from '#protocol/time';
import { serverNow } from '../lib/server-clock';
import { ApiError, callApi } from './client';
import { loaded, loadedStaleTime, resultsOf } from './loaded';

export type CouponReward = CouponInfo & { brands: BrandInfo[] };
export type PointReward = PointInfo & { amount: number };
interface TaskRewards {
  title: string;
  description: string;
  coupons: CouponReward[];
  points: PointReward[];
}

const unique = (ids: string[]) => [...new Set(ids)];

async function taskInformation(taskType: TaskType) {
  return resultsOf(await callApi('taskInformation', { params: { task_type: taskType, full_info: true } }));
}

async function pointInformation(pointId: string) {
  return resultsOf(await callApi('pointInformation', { params: { point_id: pointId, full_info: false } })).point;
}

async function couponInformation(couponIds: string[]) {
  if (couponIds.length === 0) return [];
  return resultsOf(await callApi('couponInformation', { params: { coupon_ids: couponIds } })).coupons;
}

async function brandInformation(brandIds: string[]) {
  if (brandIds.length === 0) return [];
  return resultsOf(await callApi('brandInformation', { params: { brand_ids: brandIds } })).brands;
}

const instantOf = (text: string | null | undefined) => (text ? parseTaipeiTimestamp(text) : null);

/** Whether a task runs at the server's time, by the same rule as the server's. */
const runsNow = (task: Task): boolean =>
  runsAt(instantOf(task.start_datetime), instantOf(task.end_datetime), serverNow());

/** The calls behind a task's rewards that wait for one another: the task, its coupons and points, their brands. */
export const TASK_REWARDS_CALLS_IN_A_ROW = 3;

/** A task's coupon and points rewards, each coupon with its brands, built from the four information calls. */
async function fetchTaskRewards(taskType: TaskType): Promise<TaskRewards> {
  const task = await taskInformation(taskType);
  // Another CRM may answer a task out of its period: it promises nothing, as the answer for no such task.
  if (!runsNow(task)) throw new ApiError('PARAMETER_INVALID', VALIDATION_MESSAGES.taskNotFound);
  const couponIds = unique(task.reward_info.obtain_coupons.map((reward) => reward.coupon_id));
  const [coupons, points] = await Promise.all([
    couponInformation(couponIds),
    Promise.all(
      task.reward_info.obtain_points.map(async ({ point_id, amount }) => ({
        ...(await pointInformation(point_id)),
        amount,
      })),
    ),
  ]);
  const brands = await brandInformation(unique(coupons.flatMap((coupon) => coupon.brand_ids)));
  const couponById = new Map(coupons.map((coupon) => [coupon.coupon_id, coupon]));
  return {
    title: task.title,
    description: task.description,
    coupons: couponIds.flatMap((id) => {
      const coupon = couponById.get(id);
      if (!coupon) return [];
      return [{ ...coupon, brands: brands.filter((brand) => coupon.brand_ids.includes(brand.brand_id)) }];
    }),
    points,
  };
}

/** What a task gives (referrer: the inviting member; referee_first_purchase: the invited one), or why not. */
export const taskRewardsQueryOptions = (taskType: TaskType) =>
  queryOptions({
    queryKey: ['task-rewards', taskType],
    queryFn: () => loaded(() => fetchTaskRewards(taskType)),
    staleTime: loadedStaleTime,
  });
