import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal } from '../../src/components/modal';
import { holdScreensBehind } from '../../src/components/screens-behind';

// A member with TalkBack or VoiceOver moves by swipes, not by Tab: while a dialog is up, the
// screen behind it must be out of reach, not only out of Tab's. And a tap on the backdrop, which
// leaves the focus on the page's body, must not cost the member Esc and Tab.

function Screen({ nested = false }: { nested?: boolean }) {
  const [open, setOpen] = useState(false);
  const [inner, setInner] = useState(false);
  return (
    <main>
      <h1>基本資料</h1>
      <button type="button" onClick={() => setOpen(true)}>
        開啟
      </button>
      <Modal
        open={open}
        title="條款"
        onClose={() => setOpen(false)}
        footer={
          <>
            <button type="button" onClick={() => setInner(true)}>
              詳細
            </button>
            <button type="button" onClick={() => setOpen(false)}>
              關閉
            </button>
          </>
        }
      >
        <p>內容</p>
      </Modal>
      {nested ? (
        <Modal open={inner} title="提示" size="confirm" onClose={() => setInner(false)} bodyIsMessage>
          <button type="button" onClick={() => setInner(false)}>
            確定
          </button>
        </Modal>
      ) : null}
    </main>
  );
}

async function openDialog(nested = false) {
  const user = userEvent.setup();
  render(<Screen nested={nested} />);
  const opener = screen.getByRole('button', { name: '開啟' });
  await user.click(opener);
  const dialog = screen.getByRole('dialog', { name: '條款' });
  return { user, opener, dialog, main: screen.getByRole('main', { hidden: true }) };
}

describe('a dialog holds the screen behind out of reach', () => {
  it('the screen is inert while the dialog is up, and back, with the focus on its opener, when it closes', async () => {
    const { user, opener, main } = await openDialog();
    expect(main).toHaveAttribute('inert');
    await user.click(screen.getByRole('button', { name: '關閉' }));
    expect(main).not.toHaveAttribute('inert');
    expect(opener).toHaveFocus();
  });

  it('Tab goes round the dialog’s own controls, both ways', async () => {
    const { user } = await openDialog();
    const [first, last] = [screen.getByRole('button', { name: '詳細' }), screen.getByRole('button', { name: '關閉' })];
    expect(first).toHaveFocus();
    await user.tab({ shift: true });
    expect(last).toHaveFocus();
    await user.tab();
    expect(first).toHaveFocus();
    await user.tab();
    expect(last).toHaveFocus();
  });

  it('Esc and Tab still work once a tap on the backdrop has left the focus on the body', async () => {
    const { user, opener, dialog } = await openDialog();
    (document.activeElement as HTMLElement).blur();
    expect(document.body).toHaveFocus();
    await user.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('a dialog over a dialog: Esc closes the top one only, and the screen comes back with the last', async () => {
    const { user, main } = await openDialog(true);
    await user.click(screen.getByRole('button', { name: '詳細' }));
    expect(screen.getByRole('dialog', { name: '提示' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: '提示' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: '條款' })).toBeInTheDocument();
    expect(main).toHaveAttribute('inert');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(main).not.toHaveAttribute('inert');
  });
});

describe('the screens held behind the loading overlay and a dialog at once', () => {
  it('stay busy while the overlay is up and inert until the last of them lets go', () => {
    render(<main>基本資料</main>);
    const main = screen.getByRole('main', { hidden: true });
    const overlay = holdScreensBehind(true);
    const notice = holdScreensBehind();
    expect(main).toHaveAttribute('aria-busy', 'true');
    overlay();
    overlay();
    expect(main).not.toHaveAttribute('aria-busy');
    expect(main).toHaveAttribute('inert');
    notice();
    expect(main).not.toHaveAttribute('inert');
  });
});
