import { StartOver } from '../../components/start-over';
import { t } from '../../i18n/zh-TW';

/** Binding needs the LINE login that found the LINE id unbound; without it the member starts there. */
export function NeedLineLogin() {
  return (
    <StartOver
      title={t.lineBind.needLineTitle}
      text={t.lineBind.needLineText}
      to="/login"
      action={t.common.backToLogin}
    />
  );
}
