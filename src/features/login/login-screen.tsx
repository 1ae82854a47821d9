import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useRef } from 'react';
import { loadSigningCodeAhead } from '../../api/client';
import { BrandLogo } from '../../components/brand-logo';
import { Button } from '../../components/button';
import { LoadingModal } from '../../components/loading-modal';
import { NoticeModal } from '../../components/notice-modal';
import { PageCard } from '../../components/page-card';
import { commonTexts } from '../../i18n/zh-TW/common';
import { loginTexts } from '../../i18n/zh-TW/login';
import { isLineDemo } from '../../lib/liff';
import { useCarriedMobile } from '../../lib/mobile-number';
import { LineLoginCard } from './line-login-card';
import { LoginForm } from './login-form';
import { useLineLogin } from './use-line-login';
import { useLoginFlow } from './use-login-flow';

const linkClass =
  'rounded text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600';

export function LoginScreen({ lineCode }: { lineCode?: string }) {
  const flow = useLoginFlow();
  const carriedMobile = useCarriedMobile();
  // What the member has typed as the account goes along to the forgotten password screen, so it
  // need not be typed twice. Kept aside, not as the screen's state: a keystroke renders nothing
  // here, and the link reads it only when followed (a state given as a function is built then).
  const typedAccount = useRef(carriedMobile);
  const keepTypedAccount = useCallback((account: string) => {
    typedAccount.current = account;
  }, []);
  const navigate = useNavigate();
  const line = useLineLogin({
    returnCode: lineCode,
    onLineToken: (lineToken) => flow.signIn({ with: 'line', lineToken }),
    onFailure: (message, offerReload) => flow.showNotice(message, offerReload),
    // LINE's code and state are spent: a reload must not start over with them.
    onReturnHandled: () =>
      void navigate({
        to: '/login',
        search: (search) => ({ ...search, code: undefined, state: undefined }),
        replace: true,
      }),
  });

  return (
    // The signing code comes while the member types, so the sign-in sends its call at once.
    <PageCard onFirstTouch={loadSigningCodeAhead}>
      <div className="mb-6 flex flex-col items-center gap-3">
        <BrandLogo />
        <h1 className="text-xl font-bold text-ink">{loginTexts.heading}</h1>
      </div>
      <LoginForm
        account={carriedMobile}
        onAccountChange={keepTypedAccount}
        onSubmit={(credentials) => flow.signIn({ with: 'password', ...credentials })}
      />
      <nav className="mt-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 whitespace-nowrap text-base">
        <Link to="/registerFirst" className={linkClass}>
          {loginTexts.register}
        </Link>
        <Link to="/forgotPassword" state={() => ({ mobile: typedAccount.current })} className={linkClass}>
          {loginTexts.forgotPassword}
        </Link>
      </nav>
      <div className="my-6 flex items-center gap-3 text-sm text-ink-muted">
        <span className="h-px flex-1 bg-gray-200" />
        <span>{loginTexts.or}</span>
        <span className="h-px flex-1 bg-gray-200" />
      </div>
      <LineLoginCard demo={isLineDemo()} onClick={line.start} />
      <p className="mt-6 text-center text-sm">
        <Link to="/login/text" className={linkClass}>
          {loginTexts.firstLoginHelp}
        </Link>
      </p>
      <LoadingModal open={flow.busy || line.busy} />
      <NoticeModal
        message={flow.notice?.message ?? null}
        onClose={flow.closeNotice}
        offerLineBind={flow.notice?.offerLineBind}
        closeLabel={flow.notice?.thenLeaveFor ? commonTexts.ok : undefined}
        waysOn={
          flow.notice?.offerReload ? (
            // LINE's browser keeps its reload in a menu few members find.
            <Button onClick={() => window.location.reload()}>{loginTexts.reloadPage}</Button>
          ) : null
        }
      />
    </PageCard>
  );
}
