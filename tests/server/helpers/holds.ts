import pg from 'pg';
import { expect, vi } from 'vitest';

// The race tests hold one call at a chosen point (after a check, before a claim) while another
// changes what it checked, then let it go on: the interleaving that a busy server meets by chance,
// made to happen every run.

export interface Hold {
  /** Resolves once the held call has reached the hold. */
  held: Promise<void>;
  /** Lets the held call go on. */
  release: () => void;
  /** What the held call awaits at the hold. */
  wait: () => Promise<void>;
}

export function oneHold(): Hold {
  let reached = () => {};
  const held = new Promise<void>((resolve) => {
    reached = resolve;
  });
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    held,
    release,
    wait: () => {
      reached();
      return released;
    },
  };
}

/**
 * Until a statement in the PostgreSQL database at `url` waits on a lock another transaction
 * holds: the call under test has reached the row the test (or a change it started) holds.
 */
export async function untilAStatementWaitsOnALock(url: string | null | undefined): Promise<void> {
  if (!url) throw new Error('the lock waits are PostgreSQL’s: this test needs DATABASE_URL');
  const watcher = new pg.Client({ connectionString: url });
  await watcher.connect();
  try {
    await vi.waitFor(
      async () => {
        const { rows } = await watcher.query<{ waiting: number }>(
          `select count(*)::int as waiting from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
        );
        expect(rows[0]?.waiting).toBeGreaterThan(0);
      },
      { timeout: 10_000, interval: 10 },
    );
  } finally {
    await watcher.end();
  }
}
