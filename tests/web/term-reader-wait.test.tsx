import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answerTerms, termBox } from './support/register';
import { renderApp } from './support/render-app';

// A term's reader (DOMPurify) comes in its own chunk when the first term opens; here it comes
// when the test says, as on a weak signal.
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

describe('registration step 1: a term is agreed to once it can be read', () => {
  it('keeps 我已閱讀並同意條款 unavailable while the content is on its way, then takes the agreement', async () => {
    answerTerms();
    const { user } = renderApp('/registerFirst');
    const box = await termBox('會員服務條款');
    await user.click(box);
    const dialog = await screen.findByRole('dialog', { name: '會員服務條款' });
    const agree = within(dialog).getByRole('button', { name: '我已閱讀並同意條款' });
    expect(within(dialog).getByRole('region', { name: '會員服務條款' })).toHaveTextContent('載入中');
    expect(agree).toBeDisabled();
    // Agreeing closes the term: a tap now leaves it open and unagreed.
    await user.click(agree);
    expect(screen.getByRole('dialog', { name: '會員服務條款' })).toBe(dialog);

    reader.come();
    expect(await within(dialog).findByText('歡迎加入會員。')).toBeInTheDocument();
    expect(agree).toBeEnabled();
    await user.click(agree);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(box).toBeChecked();
  });
});
