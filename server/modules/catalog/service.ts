import { asc, eq, inArray } from 'drizzle-orm';
import {
  type BrandInfo,
  type CouponInfo,
  type PointInfo,
  runsAt,
  type Task,
  type TaskType,
  type Term,
  taipeiTimestamp,
} from '#protocol';
import type { Db } from '../../db/client';
import { brands, copywriting, coupons, missions, points, terms } from '../../db/schema';

/** Turns a stored image (site path or absolute URL) into the URL the client loads. */
export type ImageUrl = (stored: string) => string;

const taipeiOrNull = (at: Date | null) => (at ? taipeiTimestamp(at) : null);

/** Orders rows as the ids were asked for; unknown ids are left out. */
function inAskedOrder<T>(ids: readonly string[], rows: T[], idOf: (row: T) => string): T[] {
  const byId = new Map(rows.map((row) => [idOf(row), row]));
  return [...new Set(ids)].flatMap((id) => byId.get(id) ?? []);
}

/** The terms of each asked type, in their set order; a type with none answers an empty list. */
export async function briefTerms(db: Db, types: readonly string[]): Promise<{ type: string; terms: Term[] }[]> {
  const unique = [...new Set(types)];
  if (unique.length === 0) return [];
  const rows = await db.select().from(terms).where(inArray(terms.type, unique)).orderBy(asc(terms.position));
  return unique.map((type) => ({
    type,
    terms: rows.filter((row) => row.type === type).map(({ id, title, content }) => ({ id, title, content })),
  }));
}

/**
 * The mission running at `at` and its rewards; `full` adds the period it runs in. Null when there
 * is none of that type, or it has not begun or is over: a mission out of its period promises nothing.
 */
export async function taskInformation(db: Db, taskType: TaskType, full: boolean, at: Date): Promise<Task | null> {
  const [row] = await db.select().from(missions).where(eq(missions.taskType, taskType));
  if (!row || !runsAt(row.startsAt, row.endsAt, at)) return null;
  const task = {
    title: row.title,
    description: row.description,
    reward_info: {
      obtain_coupons: row.rewardInfo.obtain_coupons.map(({ coupon_id }) => ({ coupon_id })),
      obtain_points: row.rewardInfo.obtain_points.map(({ point_id, amount }) => ({ point_id, amount })),
    },
  };
  if (!full) return task;
  return { ...task, start_datetime: taipeiOrNull(row.startsAt), end_datetime: taipeiOrNull(row.endsAt) };
}

/** A kind of points; `full` adds how they may be used. Null when unknown. */
export async function pointInformation(db: Db, pointId: string, full: boolean, imageUrl: ImageUrl) {
  const [row] = await db.select().from(points).where(eq(points.pointId, pointId));
  if (!row) return null;
  const point: PointInfo = {
    point_id: row.pointId,
    title: row.title,
    feature_image: imageUrl(row.featureImage),
    point_circulate_end_datetime: taipeiOrNull(row.circulateEndsAt),
  };
  if (full) point.description = row.description;
  return point;
}

export async function couponInformation(db: Db, ids: readonly string[], imageUrl: ImageUrl): Promise<CouponInfo[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(coupons)
    .where(inArray(coupons.couponId, [...ids]));
  return inAskedOrder(ids, rows, (row) => row.couponId).map((row) => ({
    coupon_id: row.couponId,
    brand_ids: row.brandIds,
    title: row.title,
    feature_image: imageUrl(row.featureImage),
    duration: row.durationDays,
    total: row.total,
  }));
}

export async function brandInformation(db: Db, ids: readonly string[], imageUrl: ImageUrl): Promise<BrandInfo[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(brands)
    .where(inArray(brands.brandId, [...ids]));
  return inAskedOrder(ids, rows, (row) => row.brandId).map((row) => ({
    brand_id: row.brandId,
    title: row.title,
    feature_image_small: imageUrl(row.featureImageSmall),
  }));
}

/** The copy of each asked key that exists. */
export async function copywritingTexts(db: Db, keys: readonly string[]): Promise<Record<string, string>> {
  if (keys.length === 0) return {};
  const rows = await db
    .select()
    .from(copywriting)
    .where(inArray(copywriting.key, [...keys]));
  return Object.fromEntries(rows.map((row) => [row.key, row.text]));
}
