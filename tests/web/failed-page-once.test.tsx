import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn } from './support/profile';
import { renderApp } from './support/render-app';
import { loseNextAnswer } from './support/weak-signal';

const MESSAGE = '網路連線不穩定，請確認連線後再試一次';

describe('a page that could not be shown', () => {
  it('says its message once: in the notice, not also in an alert behind it', async () => {
    loseNextAnswer('getMemberProfile');
    signIn();
    renderApp('/change_member');
    const notice = await screen.findByRole('dialog', { name: '提示' });
    expect(notice).toHaveTextContent(MESSAGE);

    const saying = [...screen.queryAllByRole('alert'), ...screen.queryAllByRole('dialog')].filter((element) =>
      element.textContent?.includes(MESSAGE),
    );
    expect(saying).toEqual([notice]);
    // The words and the ways on stay behind the notice, for after it closes.
    expect(screen.getByText(MESSAGE, { selector: 'main p' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回登入' })).toHaveAttribute('href', '/login');
  });
});
