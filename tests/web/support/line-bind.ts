/** The spec's LINE bind data for a LINE user who is not bound yet. */
export const LINE_BIND = {
  source: 'LineMultiOA',
  verify_data: { line_token: 'unbound-line-token', line_token_source: 'cyberbiz' },
};

/**
 * Where an unbound LINE login leaves the member: the spec's line_verify_data in session storage,
 * with when it was kept (epoch ms); `null` keeps it as an earlier release did, without the time.
 */
export function cameFromLine(bind: object = LINE_BIND, keptAt: number | null = Date.now()): void {
  const kept = keptAt === null ? {} : { kept_at: keptAt };
  sessionStorage.setItem('line_verify_data', JSON.stringify({ bind_third_party: bind, ...kept }));
}

export const MINUTE = 60_000;
