/**
 * Which builds of the web app keep their files under `dist/assets/` (decision 0019).
 *
 * A page holds the names of the scripts it has not loaded yet: each screen's code, the signing
 * code of its first call, a term's reader. A member who opened the app before a release (a tab
 * left open in LINE for days) asks for those names after it, and a build that had removed them
 * answered 404, which the app can only tell as the connection failing, again on every try.
 */
export interface Release {
  /** Its hashed files, by name under the assets folder; each one's .br and .gz twins go with it. */
  assets: string[];
  /** When it was built (ISO 8601). */
  builtAt: string;
  /** When a build with other files replaced it; absent for the release the server now sends. */
  replacedAt?: string;
}

/** How long a replaced release's files stay: a page opened before the release may live that long. */
export const KEEP_REPLACED_DAYS = 30;
/** At most this many replaced releases stay, so that frequent builds (a developer's) stay small. */
export const KEEP_REPLACED_RELEASES = 4;

const DAY_MS = 24 * 60 * 60 * 1000;

const sameFiles = (a: string[], b: string[]) => a.length === b.length && a.every((file) => b.includes(file));

/**
 * The releases to keep once a build with `assets` is made at `now`, newest first. A build with the
 * same files as the current release (the same source built again) is that release, not a new one.
 */
export function nextReleases(earlier: Release[], assets: string[], now: Date): Release[] {
  const [current, ...older] = earlier;
  const releases =
    current && !current.replacedAt && sameFiles(current.assets, assets)
      ? earlier
      : [
          { assets: [...assets].sort(), builtAt: now.toISOString() },
          ...(current ? [{ ...current, replacedAt: current.replacedAt ?? now.toISOString() }] : []),
          ...older,
        ];
  const [latest, ...replaced] = releases;
  const recent = replaced.filter(
    ({ replacedAt }) => replacedAt && now.getTime() - Date.parse(replacedAt) < KEEP_REPLACED_DAYS * DAY_MS,
  );
  return latest ? [latest, ...recent.slice(0, KEEP_REPLACED_RELEASES)] : [];
}

const COMPRESSED_TWIN = /\.(br|gz)$/;

/** A .br or .gz file the build writes beside a text asset (vite.config.ts). */
export const isCompressedTwin = (file: string): boolean => COMPRESSED_TWIN.test(file);

/** The files under the assets folder that belong to no release kept: each one's twins go with it. */
export function filesToRemove(files: string[], kept: Release[]): string[] {
  const keptAssets = new Set(kept.flatMap((release) => release.assets));
  return files.filter((file) => !keptAssets.has(file.replace(COMPRESSED_TWIN, '')));
}
