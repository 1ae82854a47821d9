import { useSuspenseQuery } from '@tanstack/react-query';
import { RC_MESSAGES } from '#protocol/rc';
import { LoadingModal } from '../../components/loading-modal';
import { NoticeModal } from '../../components/notice-modal';
import { t } from '../../i18n/zh-TW';
import { type HopFailure, type OAuthClient, type OAuthHop, oauthInfoQueryOptions } from './api';
import { type AuthorizeSearch, hopOf } from './arrival';
import { AuthorizeFrame } from './authorize-frame';
import { useAuthorizeHop, useHopNotice } from './use-authorize-hop';

/** The authorization hop for a third-party client: runs by itself, and says where it is going. */
export function AuthorizeScreen({ search }: { search: AuthorizeSearch }) {
  const hop = hopOf(search);
  if (!hop) return <HopStopped failure={{ message: RC_MESSAGES.OAUTH_REQUEST_INVALID }} />;
  return <Hop hop={hop} />;
}

/** The hop once the route knows who the client is, or why it cannot go on. */
function Hop({ hop }: { hop: OAuthHop }) {
  const { data } = useSuspenseQuery(oauthInfoQueryOptions(hop.random_key));
  if ('failure' in data) return <HopStopped failure={data.failure} />;
  return <Authorizing hop={hop} client={data.client} />;
}

function Authorizing({ hop, client }: { hop: OAuthHop; client: OAuthClient }) {
  const { failure, notice } = useAuthorizeHop(hop);
  return (
    <AuthorizeFrame status={failure ? t.oauth.failed : t.oauth.sharing(client.name)}>
      {/* Working, or leaving for the client: the loading modal stays until the browser navigates. */}
      <LoadingModal open={failure === null} label={t.oauth.goingTo(client.name)} />
      <NoticeModal message={notice.message} onClose={notice.close} />
    </AuthorizeFrame>
  );
}

function HopStopped({ failure }: { failure: HopFailure }) {
  const notice = useHopNotice(failure);
  return (
    <AuthorizeFrame status={t.oauth.failed}>
      <LoadingModal open={false} />
      <NoticeModal message={notice.message} onClose={notice.close} />
    </AuthorizeFrame>
  );
}
