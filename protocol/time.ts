// Asia/Taipei has no daylight saving: wall-clock time is always UTC+8, so the
// conversion is an offset, independent of the device's own time zone.
const TAIPEI_OFFSET_MS = 8 * 60 * 60 * 1000;

const TIMESTAMP_PATTERN = /^(\d{4})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYY/MM/DD HH:mm:ss` in Asia/Taipei wall-clock time. */
export function taipeiTimestamp(at: Date = new Date()): string {
  const t = new Date(at.getTime() + TAIPEI_OFFSET_MS);
  return (
    `${pad(t.getUTCFullYear(), 4)}/${pad(t.getUTCMonth() + 1)}/${pad(t.getUTCDate())} ` +
    `${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`
  );
}

/** The instant a Taipei `YYYY/MM/DD HH:mm:ss` names, or null when it is not one. */
export function parseTaipeiTimestamp(text: string): Date | null {
  const m = TIMESTAMP_PATTERN.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const utc = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(utc);
  // Reject rolled-over dates such as 2024/02/30 or 25:00:00.
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    check.getUTCHours() !== hour ||
    check.getUTCMinutes() !== minute ||
    check.getUTCSeconds() !== second
  ) {
    return null;
  }
  return new Date(utc - TAIPEI_OFFSET_MS);
}

/** Today's date in Taipei as `YYYY/MM/DD`. */
export function taipeiDate(at: Date = new Date()): string {
  return taipeiTimestamp(at).slice(0, 10);
}

const secondOf = (at: Date): number => Math.floor(at.getTime() / 1000);

/**
 * Whether a period runs at `at`. Its bounds are whole seconds, as the wire shows them, and both
 * are in: one ending 23:59:59 runs to the end of that second. A null bound is none on that side.
 */
export function runsAt(start: Date | null, end: Date | null, at: Date): boolean {
  const second = secondOf(at);
  return (!start || secondOf(start) <= second) && (!end || second <= secondOf(end));
}
