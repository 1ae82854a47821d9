/** One message of the member server's development SMS outbox (`GET /dev/sms-outbox`, JSON). */
export interface OutboxMessage {
  to: string;
  text: string;
  purpose: string;
  sent_at: string;
}

/** The outbox newest first, optionally only the messages to one mobile. */
export async function outboxMessages(baseUrl: string, mobile?: string): Promise<OutboxMessage[]> {
  const url = new URL('/dev/sms-outbox', baseUrl);
  if (mobile) url.searchParams.set('to', mobile);
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as OutboxMessage[];
}

/**
 * The newest message to `mobile` (of `purpose`, when given) and the 6-digit code in it, as
 * a member would read it off the SMS. Throws when none was sent.
 */
export async function latestCode(
  baseUrl: string,
  mobile: string,
  purpose?: string,
): Promise<{ code: string; message: OutboxMessage }> {
  const messages = await outboxMessages(baseUrl, mobile);
  const message = messages.find((m) => m.to === mobile && (!purpose || m.purpose === purpose));
  const code = message && /\b\d{6}\b/.exec(message.text)?.[0];
  if (!message || !code) throw new Error(`no verification code was sent to ${mobile}${purpose ? ` (${purpose})` : ''}`);
  return { code, message };
}
