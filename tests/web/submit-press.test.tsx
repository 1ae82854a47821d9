import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerTerms, nextButton } from './support/register';
import { renderApp } from './support/render-app';

// A press on a submit button would move the focus out of the field first, and the field, checking
// itself as it is left, would show its message above the button and move it from under the finger
// (tests/e2e/form-errors.spec.ts shows the tap lost in Chromium). The focus stays until the submit.
describe('a press on a submit button', () => {
  it('leaves the focus in the field until the submit leads to the first wrong field', async () => {
    answerTerms();
    const { user } = renderApp('/registerFirst');
    const password = await screen.findByLabelText('密碼');
    await user.type(password, 'abcdef');
    await user.pointer({ keys: '[MouseLeft>]', target: nextButton() });
    expect(password).toHaveFocus();
    expect(password).not.toHaveAttribute('aria-invalid');
    await user.pointer({ keys: '[/MouseLeft]', target: nextButton() });
    await waitFor(() => expect(screen.getByLabelText('手機號碼')).toHaveFocus());
    expect(password).toHaveAttribute('aria-invalid', 'true');
  });

  it('still moves the focus for a button that submits nothing', async () => {
    answerTerms();
    const { user } = renderApp('/registerFirst');
    const password = await screen.findByLabelText('密碼');
    await user.click(password);
    const show = screen.getAllByRole('button', { name: '顯示密碼' })[0] as HTMLElement;
    await user.pointer({ keys: '[MouseLeft>]', target: show });
    expect(show).toHaveFocus();
    await user.pointer({ keys: '[/MouseLeft]', target: show });
  });
});
