import { BrandLogo } from '../../components/brand-logo';
import { LoadingModal } from '../../components/loading-modal';
import { NoticeModal } from '../../components/notice-modal';
import { PageCard } from '../../components/page-card';
import { t } from '../../i18n/zh-TW';
import { type AuthorizeSearch, hopOf } from './arrival';
import { useAuthorizeHop } from './use-authorize-hop';

/** The authorization hop for a third-party client: runs by itself, and says where it is going. */
export function AuthorizeScreen({ search }: { search: AuthorizeSearch }) {
  const hop = useAuthorizeHop(hopOf(search));
  const status = hop.failed ? t.oauth.failed : hop.client ? t.oauth.sharing(hop.client.name) : t.oauth.checking;
  return (
    <PageCard>
      <div className="flex flex-col items-center gap-4 text-center">
        <BrandLogo className="size-16" />
        <h1 className="text-xl font-bold text-ink">{t.oauth.heading}</h1>
        <p className="leading-relaxed text-ink-muted">{status}</p>
      </div>
      <LoadingModal open={hop.busy} label={hop.client ? t.oauth.goingTo(hop.client.name) : undefined} />
      <NoticeModal message={hop.notice} onClose={hop.closeNotice} />
    </PageCard>
  );
}
