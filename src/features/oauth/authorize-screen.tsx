import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { RC_MESSAGES } from '#protocol/rc';
import { DEFAULT_REDIRECT_PATH } from '#protocol/routes';
import { Button, buttonClass } from '../../components/button';
import { LoadingModal } from '../../components/loading-modal';
import { NoticeModal } from '../../components/notice-modal';
import { commonTexts } from '../../i18n/zh-TW/common';
import { oauthTexts } from '../../i18n/zh-TW/oauth';
import { readSession } from '../../lib/session';
import { type HopFailure, type OAuthClient, type OAuthHop, oauthInfoQueryOptions } from './api';
import { type AuthorizeSearch, hopOf } from './arrival';
import { AuthorizeFrame } from './authorize-frame';
import { GoOnAs } from './go-on-as';
import { useAuthorizeHop, useHopNotice } from './use-authorize-hop';

/** The authorization hop for a third-party client: runs by itself, and says where it is going. */
export function AuthorizeScreen({ search }: { search: AuthorizeSearch }) {
  const hop = hopOf(search);
  if (!hop) return <HopStopped failure={{ message: RC_MESSAGES.OAUTH_REQUEST_INVALID }} />;
  return <Hop hop={hop} />;
}

/** The hop once the route knows who the client is, or why it cannot go on. */
function Hop({ hop }: { hop: OAuthHop }) {
  const { data, refetch, isFetching } = useSuspenseQuery(oauthInfoQueryOptions(hop.random_key));
  if ('failure' in data)
    return <HopStopped failure={data.failure} checking={isFetching} onTryAgain={() => void refetch()} />;
  return <Authorizing hop={hop} client={data.client} />;
}

function Authorizing({ hop, client }: { hop: OAuthHop; client: OAuthClient }) {
  const { failure, notice, tryAgain, goOn } = useAuthorizeHop(hop);
  if (goOn) return <GoOnAs client={client} onGoOn={goOn} />;
  return (
    <AuthorizeFrame status={failure ? stoppedStatus(failure) : oauthTexts.sharing(client.name)}>
      {failure ? <WayOn tryAgain={tryAgain} /> : null}
      {/* Working, or leaving for the client: the loading modal stays until the browser navigates. */}
      <LoadingModal open={failure === null} label={oauthTexts.goingTo(client.name)} />
      <NoticeModal message={notice.message} onClose={notice.close} />
    </AuthorizeFrame>
  );
}

interface HopStoppedProps {
  failure: HopFailure;
  /** The client is being asked for again. */
  checking?: boolean;
  onTryAgain?: () => void;
}

function HopStopped({ failure, checking = false, onTryAgain }: HopStoppedProps) {
  // While the client is asked for again there is nothing to tell yet.
  const notice = useHopNotice(checking ? null : failure);
  const tryAgain =
    failure.tryAgain && onTryAgain
      ? () => {
          notice.reopen();
          onTryAgain();
        }
      : null;
  return (
    <AuthorizeFrame status={checking ? oauthTexts.checking : stoppedStatus(failure)}>
      {checking ? null : <WayOn tryAgain={tryAgain} />}
      <LoadingModal open={checking} />
      <NoticeModal message={notice.message} onClose={notice.close} />
    </AuthorizeFrame>
  );
}

/** Where a stopped hop stands: it can go on from here when trying again may help, else it starts over at the client. */
const stoppedStatus = (failure: HopFailure) => (failure.tryAgain ? oauthTexts.unfinished : oauthTexts.failed);

/**
 * The way on from a stopped hop. When trying again may help, the hop goes on from where it
 * stopped, the member's place kept. Otherwise the words send the member back to the client, and
 * a link leads on inside the app, since LINE's browser may show no Back button: the member area
 * for a signed-in member, the login screen once the session has ended.
 */
function WayOn({ tryAgain }: { tryAgain: (() => void) | null }) {
  return (
    <div className="mt-6">
      {tryAgain ? (
        <Button onClick={tryAgain}>{commonTexts.tryAgain}</Button>
      ) : readSession() ? (
        <Link to={DEFAULT_REDIRECT_PATH} className={buttonClass('secondary')}>
          {commonTexts.goToMemberArea}
        </Link>
      ) : (
        <Link to="/login" className={buttonClass('secondary')}>
          {commonTexts.backToLogin}
        </Link>
      )}
    </div>
  );
}
