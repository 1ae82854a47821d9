import { useMatch, useNavigate, useRouter } from '@tanstack/react-router';
import { gotNoAnswer } from '../../api/client';
import { FailedPage } from '../../components/failed-page';
import { LoadingModal } from '../../components/loading-modal';
import { NoticeModal } from '../../components/notice-modal';
import { PageCard } from '../../components/page-card';
import { screenTitles } from '../../i18n/zh-TW/screen-titles';
import { useLoadFailure } from './use-load-failure';

// The profile's heading is its screen's title: the texts of the profile screen come with its own
// chunk, after these views, which the router shows before that chunk has come.
const profileHeading = screenTitles['/change_member'];

/** The profile screen while its profile is asked for. */
export function ProfileLoading() {
  return (
    <PageCard title={profileHeading}>
      <LoadingModal open />
    </PageCard>
  );
}

/**
 * A screen whose profile could not be loaded (the profile's own, by default): the server's
 * message, then /login (spec section 9); when no answer came, the member stays (ProfileUnreached).
 */
export function ProfileLoadFailure({ error, title = profileHeading }: { error: unknown; title?: string }) {
  const navigate = useNavigate();
  const message = useLoadFailure(error);
  if (gotNoAnswer(error)) return <ProfileUnreached message={message} title={title} />;
  return (
    <PageCard title={title}>
      <NoticeModal message={message} onClose={() => void navigate({ to: '/login', replace: true })} />
    </PageCard>
  );
}

/**
 * No answer came: the member stays signed in on this screen, with the way to ask again or back to
 * /login. The screen is busy while the profile is asked for again, and each new answer's failure
 * is told afresh (the notice belongs to the load it came from).
 */
function ProfileUnreached({ message, title }: { message: string; title: string }) {
  const router = useRouter();
  const loadedAt = useMatch({ strict: false, select: (match) => match.updatedAt });
  const asking = useMatch({ strict: false, select: (match) => match.isFetching !== false });
  return (
    <>
      <FailedPage key={loadedAt} title={title} message={message} onTryAgain={() => void router.invalidate()} />
      <LoadingModal open={asking} />
    </>
  );
}
