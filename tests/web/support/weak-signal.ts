import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { expect } from 'vitest';
import type { EndpointName } from '#protocol/endpoints';
import { RC_MESSAGES } from '#protocol/rc';
import { urlOf } from './api';
import { server } from './server';

/**
 * The next call to `name` gets no answer, as when the signal drops; later calls are answered
 * by the handlers already set. Set it after them: MSW asks the newest handler first.
 */
export const loseNextAnswer = (name: EndpointName) =>
  server.use(http.post(urlOf(name), () => HttpResponse.error(), { once: true }));

/** The notice that no answer came, read and closed as the member would. */
export async function closeNetworkNotice(user: UserEvent): Promise<void> {
  const notice = await screen.findByRole('dialog', { name: '提示' });
  expect(notice).toHaveTextContent('網路連線不穩定，請確認連線後再試一次');
  await user.click(within(notice).getByRole('button', { name: '關閉' }));
}

/** A code entered and sent, no answer to it (set `loseNextAnswer` first), then sent again. */
export async function verifyTwiceLosingTheFirstAnswer(user: UserEvent, code: string): Promise<void> {
  await user.type(screen.getByLabelText('驗證碼'), code);
  await user.click(screen.getByRole('button', { name: '驗證' }));
  await closeNetworkNotice(user);
  await user.click(screen.getByRole('button', { name: '驗證' }));
}

/** What a send refused as too soon says: a code is on its way, sent within the last minute. */
export const CODE_SENT_WITHIN_A_MINUTE = '驗證碼已於 1 分鐘內發送，請輸入最新一封簡訊中的驗證碼。';

/**
 * A send answered SMS_RESEND_TOO_SOON (most likely after a first try whose answer was lost): the
 * member is where a code sent leads, the code entry, with the resend counting down, and reads,
 * and hears, that a code was sent within the last minute, instead of being refused.
 */
export async function expectCodeSentWithinAMinute(): Promise<void> {
  const line = await screen.findByText(CODE_SENT_WITHIN_A_MINUTE);
  expect(line).not.toHaveClass('sr-only');
  expect(line.closest('[aria-live="polite"], [role="status"]')).not.toBeNull();
  expect(screen.getByLabelText('驗證碼')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /^重新發送驗證碼（\d+ 秒）$/ })).toBeDisabled();
  expect(screen.queryByText(RC_MESSAGES.SMS_RESEND_TOO_SOON)).not.toBeInTheDocument();
}
