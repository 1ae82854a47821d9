import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type BrandInfo,
  type BrandInformationResults,
  type CouponInfo,
  type CouponInformationResults,
  ENDPOINTS,
  type PointInfo,
  type PointInformationResults,
  type TaskInformationResults,
  type TaskType,
} from '#protocol/endpoints';
import type { ApiResponse } from '#protocol/rc';
import { ApiError, callApi, hasRc } from './client';

export function taskInformation(taskType: TaskType) {
  return callApi<TaskInformationResults>(ENDPOINTS.taskInformation, {
    params: { task_type: taskType, full_info: true },
  });
}

export function pointInformation(pointId: string) {
  return callApi<PointInformationResults>(ENDPOINTS.pointInformation, {
    params: { point_id: pointId, full_info: false },
  });
}

export function couponInformation(couponIds: string[]) {
  return callApi<CouponInformationResults>(ENDPOINTS.couponInformation, { params: { coupon_ids: couponIds } });
}

export function brandInformation(brandIds: string[]) {
  return callApi<BrandInformationResults>(ENDPOINTS.brandInformation, { params: { brand_ids: brandIds } });
}

export interface CouponReward extends CouponInfo {
  brands: BrandInfo[];
}
export interface PointReward extends PointInfo {
  amount: number;
}
export interface TaskRewards {
  title: string;
  description: string;
  coupons: CouponReward[];
  points: PointReward[];
}

/** The results of a C01 answer; any other answer becomes an error carrying its RM. */
function resultsOf<R>(answer: ApiResponse<R>): R {
  if (!hasRc(answer, 'C01') || !answer.results) throw new ApiError(answer.rcrm.RC, answer.rcrm.RM);
  return answer.results;
}

const unique = (ids: string[]) => [...new Set(ids)];

/** A task's coupon and points rewards, each coupon with its brands, built from the four information calls. */
export async function fetchTaskRewards(taskType: TaskType): Promise<TaskRewards> {
  const task = resultsOf(await taskInformation(taskType));
  const couponIds = unique((task.reward_info?.obtain_coupons ?? []).map((reward) => reward.coupon_id));
  const obtainPoints = task.reward_info?.obtain_points ?? [];
  const [coupons, points] = await Promise.all([
    couponIds.length ? couponInformation(couponIds).then((answer) => resultsOf(answer).coupons) : [],
    Promise.all(obtainPoints.map((reward) => pointInformation(reward.point_id).then((a) => resultsOf(a).point))),
  ]);
  const brandIds = unique(coupons.flatMap((coupon) => coupon.brand_ids));
  const brands = brandIds.length ? resultsOf(await brandInformation(brandIds)).brands : [];
  const couponById = new Map(coupons.map((coupon) => [coupon.coupon_id, coupon]));
  return {
    title: task.title,
    description: task.description,
    coupons: couponIds.flatMap((id) => {
      const coupon = couponById.get(id);
      if (!coupon) return [];
      return [{ ...coupon, brands: brands.filter((brand) => coupon.brand_ids.includes(brand.brand_id)) }];
    }),
    points: obtainPoints.map((reward, i) => ({ ...(points[i] as PointInfo), amount: reward.amount })),
  };
}

export const taskRewardsQueryOptions = (taskType: TaskType) =>
  queryOptions({ queryKey: ['task-rewards', taskType], queryFn: () => fetchTaskRewards(taskType), staleTime: 300_000 });

export function useTaskRewardsQuery(taskType: TaskType, enabled = true) {
  return useQuery({ ...taskRewardsQueryOptions(taskType), enabled });
}
