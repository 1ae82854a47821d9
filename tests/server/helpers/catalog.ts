import { eq } from 'drizzle-orm';
import type { TaskType } from '#protocol';
import { missions } from '../../../server/db/schema';
import type { TestApp } from './app';

/** The seeded missions' period (0003_seed_catalog.sql), Taipei time, both ends within it. */
export const SEEDED_MISSIONS = {
  startsAt: new Date('2026-01-01T00:00:00+08:00'),
  endsAt: new Date('2027-12-31T23:59:59+08:00'),
};

/** A time the seeded missions run at (the test clock starts before them). */
export const WHILE_MISSIONS_RUN = new Date('2026-06-01T12:00:00+08:00');

/** Sets the app's clock to `at`, earlier or later than it is. */
export function setClock(t: TestApp, at: Date): void {
  t.clock.advance(at.getTime() - t.clock.now().getTime());
}

/** Gives a mission another period; null is no bound on that side. */
export async function setMissionPeriod(
  t: TestApp,
  taskType: TaskType,
  period: { startsAt: Date | null; endsAt: Date | null },
): Promise<void> {
  await t.db.update(missions).set(period).where(eq(missions.taskType, taskType));
}
