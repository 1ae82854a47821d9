import { StartOver } from '../../components/start-over';
import { commonTexts } from '../../i18n/zh-TW/common';
import { lineBindTexts } from '../../i18n/zh-TW/line-bind';

/** Binding needs the LINE login that found the LINE id unbound; without it the member starts there. */
export function NeedLineLogin() {
  return (
    <StartOver
      title={lineBindTexts.needLineTitle}
      text={lineBindTexts.needLineText}
      to="/login"
      action={commonTexts.backToLogin}
    />
  );
}
