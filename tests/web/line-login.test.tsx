import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { needsLiffAtBoot } from '../../src/lib/liff';
import { renderApp } from './support/render-app';

describe('when LIFF starts', () => {
  const page = (query = '') => new URL(`https://member.example.com/login${query}`);
  const desktop = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/140.0 Safari/537.36';
  const lineApp = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148 Safari Line/15.1.0';

  it('starts before the router inside LINE', () => {
    expect(needsLiffAtBoot(page(), lineApp)).toBe(true);
  });

  it.each(['?liff.state=%2Fline_bind', '?code=abc&state=xyz', '?liffClientId=123'])(
    'starts before the router when back from LINE login (%s)',
    (query) => {
      expect(needsLiffAtBoot(page(query), desktop)).toBe(true);
    },
  );

  it('waits until needed for a desktop visitor', () => {
    expect(needsLiffAtBoot(page('?rurl=%2Fx'), desktop)).toBe(false);
  });
});

describe('the LINE card in demo mode', () => {
  it('logs in to the demo LINE and hands its token to the LINE flow, which is not open yet', async () => {
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: /LINE/ }));
    const dialog = await screen.findByRole('dialog', { name: '提示' });
    expect(dialog).toHaveTextContent('LINE 登入功能即將開放');
    expect(within(dialog).getByRole('button', { name: '關閉' })).toBeInTheDocument();
  });
});
