import { memberCardTexts } from '../../i18n/zh-TW/member-card';
import type { MemberCardView } from './api';

/** The card's recent use (`memberCardTexts.recentHeading`): the tills that scanned it lately, newest first. */
export function RecentScans({ scans }: { scans: MemberCardView['recentScans'] }) {
  return (
    <section aria-labelledby="card-recent" className="flex flex-col gap-2 border-t border-gray-200 pt-5">
      <h2 id="card-recent" className="text-base font-semibold text-ink">
        {memberCardTexts.recentHeading}
      </h2>
      {scans.length === 0 ? (
        <p className="text-sm text-ink-muted">{memberCardTexts.noRecent}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-gray-100">
          {scans.map((scan) => (
            <li key={`${scan.scannedAt}-${scan.terminalName}`} className="flex flex-wrap justify-between gap-x-3 py-2">
              <span className="text-sm text-ink">{scan.terminalName}</span>
              <time className="text-sm text-ink-muted tabular-nums">{scan.scannedAt}</time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
