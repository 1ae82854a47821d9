import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, reply } from './support/api';
import { agreeAllTerms, answerTerms, fillStepOne, nextButton } from './support/register';
import { renderApp } from './support/render-app';

describe('the registration heading names the step', () => {
  it('the heading that takes the focus on step 2 says 選填資料, not only 會員註冊', async () => {
    answerTerms();
    answer('registerCheck', () => reply('C01', {}));
    const { user, router } = renderApp('/registerFirst');
    await fillStepOne(user);
    await agreeAllTerms(user);
    await user.click(nextButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/registerSecond'));

    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: /選填資料/ })).toHaveFocus());
    expect(screen.getByRole('heading', { level: 1 })).toHaveAccessibleName('會員註冊：選填資料');
  });
});
