import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMemberListInfiniteQuery } from '../../../api/members';
import { useTitle } from '../../use-title';
import { MemberList } from './MemberList';
import { SearchPane } from './SearchPane';
import './members.css';

type Tab = 'recommend' | 'search';

function RecommendPane() {
  const { t } = useTranslation('mobile');
  const query = useMemberListInfiniteQuery({ kind: 'recommend' });
  return <MemberList query={query} emptyText={t('discovery.recommendEmpty')} testId="recommend-list" />;
}

/** /m/home/index: tabs Recommend and Search (`?tab=search` keeps the choice across back and forth). */
export default function MembersScreen() {
  const { t } = useTranslation('mobile');
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'search' ? 'search' : 'recommend';
  useTitle(t('titles.members'));
  return (
    <div className="m-members" data-testid="members-screen">
      <header className="m-tab-head">
        <h1 className="m-tab-title">{t('titles.members')}</h1>
        <Tabs activeKey={tab} onChange={(key) => setParams(key === 'search' ? { tab: 'search' } : {}, { replace: true })} className="m-members-tabs">
          <Tabs.Tab key="recommend" title={<span data-testid="tab-recommend">{t('discovery.recommend')}</span>} />
          <Tabs.Tab key="search" title={<span data-testid="tab-search">{t('discovery.search')}</span>} />
        </Tabs>
      </header>
      {tab === 'recommend' ? <RecommendPane /> : <SearchPane />}
    </div>
  );
}
