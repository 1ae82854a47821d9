interface Preference {
  q: number;
  /** 2 for the exact type, 1 for its subtype wildcard, 0 for the full wildcard. */
  specificity: number;
  index: number;
}

const NONE: Preference = { q: 0, specificity: -1, index: Number.POSITIVE_INFINITY };

/** How much an Accept header wants `mediaType`: its best matching entry. */
function preferenceFor(accept: string, mediaType: string): Preference {
  const [type] = mediaType.split('/');
  let best = NONE;
  accept.split(',').forEach((entry, index) => {
    const [range = '', ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    const specificity = range === mediaType ? 2 : range === `${type}/*` ? 1 : range === '*/*' ? 0 : -1;
    if (specificity < 0) return;
    const qParam = params.find((param) => param.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q)) return;
    if (specificity > best.specificity) best = { q, specificity, index };
  });
  return best;
}

/** Whether the Accept header prefers `application/json` to `text/html` (ties and no header: HTML). */
export function prefersJson(accept: string | undefined): boolean {
  if (!accept) return false;
  const json = preferenceFor(accept, 'application/json');
  const html = preferenceFor(accept, 'text/html');
  if (json.q !== html.q) return json.q > html.q;
  if (json.q === 0) return false;
  if (json.specificity !== html.specificity) return json.specificity > html.specificity;
  return json.index < html.index;
}
