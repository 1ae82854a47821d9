import { index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Terms a visitor agrees to; `content` is HTML that the web app sanitizes before showing. */
export const terms = pgTable(
  'terms',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    type: varchar('type', { length: 32 }).notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    content: text('content').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('terms_type_position_idx').on(t.type, t.position)],
);

export interface RewardInfo {
  obtain_coupons: { coupon_id: string }[];
  obtain_points: { point_id: string; amount: number }[];
}

/** One mission per task type (the referrer's and the new member's first purchase) and what it rewards. */
export const missions = pgTable('missions', {
  taskType: varchar('task_type', { length: 32 }).primaryKey(),
  title: varchar('title', { length: 100 }).notNull(),
  description: text('description').notNull(),
  rewardInfo: jsonb('reward_info').$type<RewardInfo>().notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
});

/** Image columns hold a site path (served by this server) or an absolute http(s) URL. */
export const coupons = pgTable('coupons', {
  couponId: varchar('coupon_id', { length: 32 }).primaryKey(),
  brandIds: text('brand_ids').array().notNull().default([]),
  title: varchar('title', { length: 100 }).notNull(),
  featureImage: varchar('feature_image', { length: 500 }).notNull(),
  /** Days the coupon stays usable after it is given. */
  durationDays: integer('duration_days').notNull(),
  /** How many of this coupon one reward gives. */
  total: integer('total').notNull(),
});

export const points = pgTable('points', {
  pointId: varchar('point_id', { length: 32 }).primaryKey(),
  title: varchar('title', { length: 100 }).notNull(),
  featureImage: varchar('feature_image', { length: 500 }).notNull(),
  description: text('description').notNull(),
  circulateEndsAt: timestamp('circulate_ends_at', { withTimezone: true }),
});

export const brands = pgTable('brands', {
  brandId: varchar('brand_id', { length: 32 }).primaryKey(),
  title: varchar('title', { length: 100 }).notNull(),
  featureImageSmall: varchar('feature_image_small', { length: 500 }).notNull(),
});

/** Editable copy shown by the web app, by key (e.g. `friend_recommend`); may contain line breaks. */
export const copywriting = pgTable('copywriting', {
  key: varchar('key', { length: 64 }).primaryKey(),
  text: text('text').notNull(),
});
