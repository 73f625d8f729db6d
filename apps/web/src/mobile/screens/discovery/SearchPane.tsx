import { LIMITS, TIMINGS } from '@kindred/protocol';
import { SearchBar } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePermission } from '../../../api/account';
import { useMemberListInfiniteQuery } from '../../../api/members';
import { ListMessage } from './ListState';
import { MemberList } from './MemberList';
import { UPGRADE_PATH } from './use-upgrade-redirect';

/**
 * The Search tab: the member list, narrowed to usernames starting with the typed text. The text is
 * trimmed and searched TIMINGS.searchDebounceMs after the last key (Enter searches at once); a
 * search that finds nobody says "No users found". Searching by name needs Search_users (docs/product-rules.md §5, §6).
 */
export function SearchPane() {
  const { t } = useTranslation('mobile');
  const navigate = useNavigate();
  const allowed = usePermission('Search_users');
  const [text, setText] = useState('');
  const [name, setName] = useState('');
  // No username is longer than LIMITS.usernameMax: a longer text cannot match, the server would refuse it.
  const submit = (value: string) => setName(value.trim().slice(0, LIMITS.usernameMax));
  useEffect(() => {
    const timer = setTimeout(() => submit(text), TIMINGS.searchDebounceMs);
    return () => clearTimeout(timer);
  }, [text]);
  const blocked = Boolean(name) && allowed === false;
  const query = useMemberListInfiniteQuery({ kind: 'userlist', username: name }, { enabled: !name || allowed === true });

  return (
    <div className="m-search-pane">
      <div className="m-search-box">
        <SearchBar
          value={text}
          onChange={setText}
          onSearch={submit}
          onClear={() => setName('')}
          placeholder={t('discovery.searchPlaceholder')}
          aria-label={t('discovery.searchPlaceholder')}
          data-testid="member-search"
        />
      </div>
      {blocked ? (
        <ListMessage text={t('common:errors.no_permission')} action={t('discovery.upgrade')} onAction={() => navigate(UPGRADE_PATH)} testId="search-no-permission" />
      ) : (
        <MemberList query={query} emptyText={t('common:errors.no_users_found')} testId="search-results" />
      )}
    </div>
  );
}
