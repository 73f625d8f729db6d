import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../api/errors';
import { ListLoading, ListMessage } from '../discovery/ListState';

/** A price list on its way, or why it did not come with a way to ask again. */
export function QueryState({ query }: { query: { isError: boolean; error: unknown; refetch: () => unknown } }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  if (!query.isError) return <ListLoading />;
  return <ListMessage text={errorText(query.error)} action={t('actions.retry')} onAction={() => void query.refetch()} testId="money-load-error" />;
}
