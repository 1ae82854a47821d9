import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { DEFAULT_REDIRECT_PATH } from '#protocol/routes';
import { Button, buttonClass } from '../../components/button';
import { LoadingModal } from '../../components/loading-modal';
import { commonTexts } from '../../i18n/zh-TW/common';
import { oauthTexts } from '../../i18n/zh-TW/oauth';
import { spacedMobile } from '../../lib/mobile-number';
import { readSession } from '../../lib/session';
import { type OAuthClient, signedInAccountQueryOptions } from './api';
import { AuthorizeFrame } from './authorize-frame';

/**
 * A hop the session changed under: what the client gets, from whose account (the mobile signed in
 * now), and the member's word to go on; or the member area, for one who did not mean to consent.
 */
export function GoOnAs({ client, onGoOn }: { client: OAuthClient; onGoOn: () => void }) {
  const [token] = useState(() => readSession()?.token ?? '');
  const account = useQuery(signedInAccountQueryOptions(token));
  return (
    <AuthorizeFrame status={oauthTexts.sharing(client.name)}>
      {account.data ? (
        <div className="mt-6 flex flex-col gap-3">
          <p className="text-center leading-relaxed text-ink">
            {account.data.ok ? oauthTexts.goOnAs(spacedMobile(account.data.value)) : oauthTexts.goOnAsSignedIn}
          </p>
          <Button onClick={onGoOn}>{oauthTexts.goOn}</Button>
          <Link to={DEFAULT_REDIRECT_PATH} className={buttonClass('secondary')}>
            {commonTexts.goToMemberArea}
          </Link>
        </div>
      ) : null}
      <LoadingModal open={account.isPending} />
    </AuthorizeFrame>
  );
}
