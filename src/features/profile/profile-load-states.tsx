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

/** The profile screen when its profile could not be loaded: the message, then /login. */
export function ProfileLoadFailure({ error }: { error: unknown }) {
  const navigate = useNavigate();
  const message = useLoadFailure(error);
  return (
    <PageCard title={t.profile.heading}>
      <NoticeModal message={message} onClose={() => void navigate({ to: '/login', replace: true })} />
    </PageCard>
  );
}
