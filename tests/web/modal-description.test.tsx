import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResultModal } from '../../src/components/result-modal';
import { answer, reply } from './support/api';
import { signInAs } from './support/login';
import { answerTerms, TERMS, termBox } from './support/register';
import { renderApp } from './support/render-app';

// The focus goes to the modal's button: what the modal says must come with the dialog's name, or a
// screen reader says only 提示 and 關閉.
describe('a modal whose body is a message is described by it', () => {
  it('the notice after a wrong password: 提示, described as 密碼錯誤', async () => {
    answer('login', () => reply('PASSWORD_INCORRECT'));
    const { user } = renderApp('/login');
    await signInAs(user);
    const dialog = await screen.findByRole('dialog', { name: '提示' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: '關閉' })).toHaveFocus());
    expect(dialog).toHaveAccessibleDescription('密碼錯誤');
  });

  it('the result of a change, confirmed with OK', () => {
    render(<ResultModal message="修改成功" onConfirm={() => {}} />);
    expect(screen.getByRole('dialog', { name: '提示' })).toHaveAccessibleDescription('修改成功');
  });

  it('not a term, which a description would read whole', async () => {
    answerTerms();
    const { user } = renderApp('/registerFirst');
    const title = TERMS[0]?.title ?? '';
    await user.click(await termBox(title));
    const dialog = await screen.findByRole('dialog', { name: title });
    await within(dialog).findByText('歡迎加入會員。');
    expect(dialog).not.toHaveAttribute('aria-describedby');
  });
});
