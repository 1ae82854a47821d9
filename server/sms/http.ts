import type { SmsSender } from './sender';
import { SmsSendError } from './sender';

export interface HttpSmsOptions {
  url: string;
  token: string;
  timeoutMs: number;
}

// Enough of a refusal's body to say why in the log, never the whole of it.
const BODY_EXCERPT = 200;
const HIDDEN = '…';

/**
 * A refusal's body as the log may keep it. A gateway may echo what it was sent, so the key, the
 * mobile and the message never reach the log, and nor does any run of digits: the code and the
 * mobile stay digits however the echo spells the rest (JSON's escapes of non-ASCII text, say).
 */
function refusalExcerpt(body: string, secrets: string[]): string {
  let text = body;
  for (const secret of secrets.filter(Boolean)) text = text.replaceAll(secret, HIDDEN);
  // Full-width digits become digits, and a run may be split by spaces, dashes, dots or brackets.
  return text
    .normalize('NFKC')
    .replace(/\d(?:[\s\-.()]*\d){3,}/g, HIDDEN)
    .slice(0, BODY_EXCERPT);
}

/** Failures to reach the gateway at all: the message was never sent to it. */
const NOT_REACHED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/** Whether fetch failed before the gateway could have had the message (a reset after it may not have). */
function neverReached(error: unknown): boolean {
  const code = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof code === 'string' && NOT_REACHED.has(code);
}

/**
 * A real SMS gateway behind one HTTP endpoint: `POST url` with `{to, text, purpose}` as JSON
 * and `Authorization: Bearer token`. Any 2xx is accepted; anything else is an SmsSendError.
 * Errors name the gateway by origin and path only: a gateway may take its key in the query.
 */
export function httpSender({ url, token, timeoutMs }: HttpSmsOptions): SmsSender {
  const target = new URL(url);
  const where = `${target.origin}${target.pathname}`;
  // fetch refuses such a URL with an error that quotes it whole (SMS_HTTP_URL refuses it at start).
  const credentials = Boolean(target.username || target.password);
  return {
    async send(message) {
      if (credentials) {
        throw new SmsSendError(`簡訊服務網址含帳號密碼，未發送（${where}）：金鑰請設定於 SMS_HTTP_TOKEN`);
      }
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ to: message.to, text: message.text, purpose: message.purpose }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        if (error instanceof DOMException && error.name === 'TimeoutError') {
          throw new SmsSendError(`簡訊服務逾時：${timeoutMs} 毫秒內未回應（${where}）`, {
            cause: error,
            mayHaveGone: true,
          });
        }
        const reason = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : '';
        throw new SmsSendError(`無法連線簡訊服務（${where}）：${reason}`, {
          cause: error,
          mayHaveGone: !neverReached(error),
        });
      }
      if (response.ok) {
        await response.body?.cancel();
        return;
      }
      const body = refusalExcerpt(await response.text().catch(() => ''), [
        token,
        encodeURIComponent(token),
        message.text,
        message.to,
      ]);
      // A 4xx refuses the message; a 5xx may come after the gateway handed it on.
      throw new SmsSendError(`簡訊服務拒絕發送：HTTP ${response.status}（${where}）${body ? `：${body}` : ''}`, {
        mayHaveGone: response.status >= 500,
      });
    },
  };
}
