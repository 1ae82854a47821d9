import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { startSession } from '../../src/lib/session';
import { answerTerms, stepOneField } from './support/register';
import { renderApp } from './support/render-app';

// Each text field's renders, counted. A field holds what is typed itself (react-hook-form's
// inputs are uncontrolled): a keystroke that renders the form again is work an old phone feels
// as lag, for nothing on the screen.
const rendered = vi.hoisted(() => ({ fields: 0 }));
vi.mock('../../src/components/text-field', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/components/text-field')>();
  return {
    ...original,
    TextField: (props: Parameters<typeof original.TextField>[0]) => {
      rendered.fields += 1;
      return original.TextField(props);
    },
  };
});

describe('typing renders no form again', () => {
  it('/registerFirst: the password, before the confirmation is touched', async () => {
    answerTerms();
    const { user } = renderApp('/registerFirst');
    await screen.findByLabelText('手機號碼');
    await user.click(stepOneField.password());
    rendered.fields = 0;
    await user.keyboard('abc12345xy');
    expect(rendered.fields).toBe(0);
  });

  it('/change_pwd: the new password, before its confirmation is touched', async () => {
    startSession('member-token-1', 'Member');
    const { user } = renderApp('/change_pwd');
    await user.click(await screen.findByLabelText('新密碼'));
    rendered.fields = 0;
    await user.keyboard('abc12345xy');
    expect(rendered.fields).toBe(0);
  });

  it('/login: the password, with no message to take away', async () => {
    const { user } = renderApp('/login');
    await user.click(await screen.findByLabelText('密碼'));
    rendered.fields = 0;
    await user.keyboard('abc12345xy');
    expect(rendered.fields).toBe(0);
  });
});

describe('typing renders no screen again', () => {
  it('/login: the account, which goes along to 忘記密碼 only when that is followed', async () => {
    const { user } = renderApp('/login');
    await user.click(await screen.findByLabelText('帳號'));
    rendered.fields = 0;
    await user.keyboard('0912345678');
    expect(rendered.fields).toBe(0);
  });
});
