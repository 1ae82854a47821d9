import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CALL_DEADLINE_MS } from '../../src/api/client';
import { answerTerms, termBox } from './support/register';
import { renderApp } from './support/render-app';

// A term's reader (DOMPurify) whose download stalls on one bar of signal, as a call's answer can:
// a file of its own, as the module, once it has come, is kept for the rest of the file.
const reader = vi.hoisted(() => {
  let come: () => void = () => {};
  const arrived = new Promise<void>((resolve) => {
    come = resolve;
  });
  return { arrived, come: () => come() };
});
vi.mock('../../src/components/sanitized-html', async (importOriginal) => {
  await reader.arrived;
  return importOriginal();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('registration step 1: a term whose reader does not come', () => {
  it('says it is the connection after a call’s wait, with 再試一次, which reads the term once it comes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    answerTerms();
    renderApp('/registerFirst');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await termBox('會員服務條款'));
    const dialog = await screen.findByRole('dialog', { name: '會員服務條款' });
    expect(within(dialog).getByRole('region', { name: '會員服務條款' })).toHaveTextContent('載入中');

    await act(() => vi.advanceTimersByTimeAsync(CALL_DEADLINE_MS));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('網路連線不穩定，請確認連線後再試一次');
    const agree = within(dialog).getByRole('button', { name: '我已閱讀並同意條款' });
    expect(agree).toBeDisabled();

    reader.come();
    await user.click(within(dialog).getByRole('button', { name: '再試一次' }));
    expect(await within(dialog).findByText('歡迎加入會員。')).toBeInTheDocument();
    expect(agree).toBeEnabled();
  });
});
