import { taipeiTimestamp } from '#protocol';
import type { OutboxEntry } from './outbox';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

const STYLE = `
body{font-family:system-ui,'Noto Sans TC','PingFang TC',sans-serif;margin:0;padding:16px;color:#222;background:#fafafa}
h1{font-size:1.25rem;margin:0 0 4px}
p{margin:0 0 12px;color:#555;font-size:.875rem}
ol{list-style:none;margin:0;padding:0}
li{background:#fff;border:1px solid #ddd;border-radius:8px;padding:10px 12px;margin:0 0 8px}
.meta{display:flex;flex-wrap:wrap;gap:4px 12px;color:#555;font-size:.8125rem;margin:0 0 4px}
.text{margin:0;color:#222;font-size:1rem;white-space:pre-wrap;overflow-wrap:anywhere;line-height:1.6}
.text strong{font-size:1.125rem;letter-spacing:.1em;color:#c0392b}`;

// A person scans for the code, so six digits in a row stand out.
const markCodes = (escaped: string) => escaped.replace(/\b\d{6}\b/g, '<strong>$&</strong>');

function renderEntry(entry: OutboxEntry): string {
  return (
    `<li><div class="meta"><span>${escapeHtml(taipeiTimestamp(entry.sentAt))}</span>` +
    `<span>收件手機：${escapeHtml(entry.to)}</span><span>用途：${escapeHtml(entry.purpose)}</span></div>` +
    `<p class="text">${markCodes(escapeHtml(entry.text))}</p></li>`
  );
}

/** The outbox as a page for a person: newest first, every value escaped. */
export function renderOutboxPage(entries: OutboxEntry[], to: string | null): string {
  const scope = to ? `寄給 ${escapeHtml(to)} 的簡訊` : '所有簡訊';
  const body = entries.length === 0 ? '<p>目前沒有簡訊。</p>' : `<ol>\n${entries.map(renderEntry).join('\n')}\n</ol>`;
  return `<!doctype html>
<html lang="zh-Hant-TW">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>簡訊寄件匣（開發用）</title>
<style>${STYLE}</style>
</head>
<body>
<h1>簡訊寄件匣（開發用）</h1>
<p>${scope}，最新的在最上方，時間為台北時間。此頁只在開發與測試環境提供，正式環境不會有此頁。</p>
${body}
</body>
</html>
`;
}
