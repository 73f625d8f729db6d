import { SearchOutlined } from '@ant-design/icons';
import { LIMITS, TIMINGS } from '@kindred/protocol';
import { Alert, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../api/errors';
import { flattenMembers, isNoUsersFound, useMemberListInfiniteQuery } from '../../../api/members';
import { LoadMore } from '../../components/LoadMore';
import { MemberGrid } from '../../components/members/MemberGrid';
import '../../components/members/members.css';

/**
 * /w/home/member/search (needs Search_users, checked by the route). The username is trimmed; an
 * empty one, or a search that finds nobody, says "No users found" and clears the list (docs/product-rules.md §5, §8).
 * Typing searches by itself after TIMINGS.searchDebounceMs; Enter or the button search at once.
 */
export function MemberSearchScreen() {
  const { t } = useTranslation('desktop');
  const errorText = useErrorText();
  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => {
      const name = text.trim();
      if (name) setSubmitted(name);
      else if (!text) setSubmitted(null);
    }, TIMINGS.searchDebounceMs);
    return () => clearTimeout(timer);
  }, [text]);
  const query = useMemberListInfiniteQuery({ kind: 'search', username: submitted ?? '' }, { enabled: Boolean(submitted) });
  const members = flattenMembers(query.data);
  const notFound = submitted === '' || (query.isError && isNoUsersFound(query.error) && !query.data);

  return (
    <div className="kd-member-page">
      <section className="kd-card kd-search-box">
        <Input.Search
          size="large"
          allowClear
          value={text}
          maxLength={LIMITS.usernameMax}
          placeholder={t('members.searchPlaceholder')}
          enterButton={
            <>
              <SearchOutlined /> {t('members.search')}
            </>
          }
          onChange={(e) => setText(e.target.value)}
          onSearch={(value, _e, info) => setSubmitted(info?.source === 'clear' ? null : value.trim())}
          loading={query.isFetching && !query.isFetchingNextPage}
          data-testid="member-search"
        />
        <p className="kd-muted">{t('members.searchHint')}</p>
      </section>
      {notFound ? (
        <Alert type="info" showIcon title={t('common:errors.no_users_found')} data-testid="no-users-found" />
      ) : query.isError && !query.data ? (
        <Alert type="error" showIcon title={errorText(query.error)} />
      ) : submitted ? (
        <>
          <MemberGrid members={members} loading={query.isPending} emptyText={t('common:errors.no_users_found')} />
          {query.data && members.length > 0 ? <LoadMore pager={query} endText={t('members.end')} /> : null}
        </>
      ) : null}
    </div>
  );
}
