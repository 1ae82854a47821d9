import { useNavigate } from '@tanstack/react-router';
import { LoadingModal } from '../../components/loading-modal';
import { NoticeModal } from '../../components/notice-modal';
import { PageCard } from '../../components/page-card';
import { t } from '../../i18n/zh-TW';
import { useLoadFailure } from './use-load-failure';

/** The profile screen while its profile is asked for. */
export function ProfileLoading() {
  return (
    <PageCard title={t.profile.heading}>
      <LoadingModal open />
    </PageCard>
  );
}

/** A screen whose profile could not be loaded (the profile's own, by default): the message, then /login. */
export function ProfileLoadFailure({ error, title = t.profile.heading }: { error: unknown; title?: string }) {
  const navigate = useNavigate();
  const message = useLoadFailure(error);
  return (
    <PageCard title={title}>
      <NoticeModal message={message} onClose={() => void navigate({ to: '/login', replace: true })} />
    </PageCard>
  );
}
