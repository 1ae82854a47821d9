import { useEffect, useReducer } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '../../components/button';
import { returnFocusTo } from '../../components/focus';
import { registerTexts } from '../../i18n/zh-TW/register';
import { forgetLineBind, lineBindData, lineBindKeptUntil } from '../../lib/line-bind';

/**
 * While an unbound LINE login's bind data is kept, the registration binds that LINE account to the
 * new one: said before the form, with the way not to. On a shared screen it may be the LINE login
 * of the visitor before, who walked away.
 */
export function LineBindNote() {
  const [, reread] = useReducer((count: number) => count + 1, 0);
  // Read at every render: a registration LINE refused forgets the data, and the notice it shows
  // renders the screen again.
  const until = lineBindKeptUntil();

  useEffect(() => {
    if (until === null) return;
    const timer = setTimeout(
      () => {
        // Its time is up: forgotten, and the note goes.
        lineBindData();
        reread();
      },
      until - Date.now() + 1,
    );
    return () => clearTimeout(timer);
  }, [until]);

  if (until === null) return null;

  function registerWithoutLine() {
    forgetLineBind();
    flushSync(reread);
    // The button is gone with the note: the heading takes the focus, not the page's body.
    returnFocusTo(null);
  }

  return (
    <div role="note" className="mb-6 flex flex-col gap-3 rounded-xl bg-brand-50 p-4">
      <p className="text-base text-ink">{registerTexts.lineBindNote}</p>
      <Button variant="secondary" onClick={registerWithoutLine}>
        {registerTexts.skipLineBind}
      </Button>
    </div>
  );
}
