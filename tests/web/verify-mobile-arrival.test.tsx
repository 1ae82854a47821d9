import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, reply } from './support/api';
import { answerProfile, MEMBER_TOKEN, signIn } from './support/profile';
import { renderApp } from './support/render-app';

const sendButton = () => screen.findByRole('button', { name: '發送驗證碼' });

describe('arriving at /verify_mobile shows where the member stands and sends nothing', () => {
  it('an already verified mobile: says so, offers the way back, and has nothing to send', async () => {
    const sends = answer('sendVerificationCode', () => reply('C01', {}));
    answerProfile({ is_verified: true });
    signIn();
    renderApp('/verify_mobile');
    expect(await screen.findByText('您的手機號碼已完成驗證，不需要再次驗證。')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '手機驗證' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回基本資料' })).toHaveAttribute('href', '/change_member');
    expect(screen.queryByRole('button', { name: '發送驗證碼' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('驗證碼')).not.toBeInTheDocument();
    expect(sends).toHaveLength(0);
  });

  it('a mobile not yet verified: 發送驗證碼 sends the first code, then asks for it', async () => {
    const sends = answer('sendVerificationCode', () => reply('C01', {}));
    answerProfile({ is_verified: false });
    signIn();
    const { user } = renderApp('/verify_mobile');
    expect(await screen.findByText(/我們將以簡訊發送驗證碼至 0912-345-678/)).toBeInTheDocument();
    expect(screen.queryByLabelText('驗證碼')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回基本資料' })).toHaveAttribute('href', '/change_member');
    expect(sends).toHaveLength(0);

    await user.click(await sendButton());
    expect(await screen.findByText('驗證碼已發送至 0912-345-678，請於 10 分鐘內輸入。')).toBeInTheDocument();
    // The button pressed is gone: the focus goes where the member goes on, the code, not back to
    // the heading, which a screen reader would read as a page started again.
    await waitFor(() => expect(screen.getByLabelText('驗證碼')).toHaveFocus());
    expect(sends).toHaveLength(1);
    expect(sends[0]?.payload.token).toBe(MEMBER_TOKEN);
    expect(sends[0]?.params).toEqual({ verification_type: 'member_verification' });
  });

  it('arriving twice (a reload, a step back) sends nothing', async () => {
    const sends = answer('sendVerificationCode', () => reply('C01', {}));
    answerProfile({ is_verified: false });
    signIn();
    const first = renderApp('/verify_mobile');
    await sendButton();
    first.unmount();
    renderApp('/verify_mobile');
    await sendButton();
    expect(sends).toHaveLength(0);
  });

  it('after a code was sent, a reload shows the code form again without sending another', async () => {
    const sends = answer('sendVerificationCode', () => reply('C01', {}));
    answerProfile({ is_verified: false });
    signIn();
    const first = renderApp('/verify_mobile');
    await first.user.click(await sendButton());
    await screen.findByLabelText('驗證碼');
    first.unmount();
    renderApp('/verify_mobile');
    expect(await screen.findByLabelText('驗證碼')).toBeInTheDocument();
    await waitFor(() => expect(sends).toHaveLength(1));
    // Arriving, the page starts where pages start: the code form takes the focus only from a send
    // made on this screen.
    expect(screen.getByLabelText('驗證碼')).not.toHaveFocus();
  });

  it('a refused send shows its RM and keeps the 發送驗證碼 button', async () => {
    answer('sendVerificationCode', () => reply('SMS_SEND_LIMIT'));
    answerProfile({ is_verified: false });
    signIn();
    const { user } = renderApp('/verify_mobile');
    await user.click(await sendButton());
    expect(await screen.findByRole('dialog', { name: '提示' })).toHaveTextContent('驗證碼發送次數已達上限');
    expect(screen.queryByLabelText('驗證碼')).not.toBeInTheDocument();
  });
});
