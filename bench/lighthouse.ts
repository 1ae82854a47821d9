import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, withBuiltApp } from './size';

/** The screens a member opens first: from the rich menu (/login) and from a shared invite (/registerFirst). */
export const LIGHTHOUSE_PAGES = ['/login', '/registerFirst'] as const;
/** Lighthouse varies run to run: each figure is the median of this many. */
export const LIGHTHOUSE_RUNS = 5;

export interface LighthouseFigures {
  page: string;
  /** 0–100. */
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** What the largest paint was, as Lighthouse labels it (the text or the image's alt), in most runs. */
  lcpElement: string;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

const mostOften = (values: string[]): string => {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '?';
};

// Trace recording sometimes misses the navigation start; Lighthouse's own advice is to run again.
const TRANSIENT = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_LCP']);
const ATTEMPTS = 3;

/** One Lighthouse run, mobile preset (its default: a mid-range phone, simulated slow 4G and CPU). */
async function runOnce(url: string, port: number, attempt = 1): Promise<Omit<LighthouseFigures, 'page'>> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError && TRANSIENT.has(runtimeError.code) && attempt < ATTEMPTS) return runOnce(url, port, attempt + 1);
  if (runtimeError) throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  // The insight's details: a table of the LCP's parts, then the element itself.
  const lcpItems = (audits['lcp-breakdown-insight']?.details as { items?: { type?: string; nodeLabel?: string }[] })
    ?.items;
  return {
    lcpElement: lcpItems?.find((item) => item.type === 'node')?.nodeLabel ?? '?',
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
  };
}

/** Medians of `LIGHTHOUSE_RUNS` Lighthouse runs on each first screen, against the built app. */
export function measureLighthouse(log: (line: string) => void): Promise<LighthouseFigures[]> {
  return withBuiltApp(log, async (origin) => {
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
    try {
      const figures: LighthouseFigures[] = [];
      for (const page of LIGHTHOUSE_PAGES) {
        const runs = [];
        for (let i = 1; i <= LIGHTHOUSE_RUNS; i += 1) {
          log(`Lighthouse ${page} ${i}/${LIGHTHOUSE_RUNS}…`);
          runs.push(await runOnce(`${origin}${page}`, chrome.port));
        }
        figures.push({
          page,
          performance: median(runs.map((run) => run.performance)),
          lcpMs: median(runs.map((run) => run.lcpMs)),
          tbtMs: median(runs.map((run) => run.tbtMs)),
          cls: median(runs.map((run) => run.cls)),
          lcpElement: mostOften(runs.map((run) => run.lcpElement)),
        });
      }
      return figures;
    } finally {
      chrome.kill();
    }
  });
}
