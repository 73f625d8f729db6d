import { Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** Asks "Delete …?" with Delete and Cancel; answers true when the member confirms. */
export function useConfirmDelete(): (question: string) => Promise<boolean> {
  const { t } = useTranslation('mobile');
  return (question) =>
    Dialog.confirm({
      content: question,
      confirmText: <span data-testid="confirm-delete">{t('discovery.delete')}</span>,
      cancelText: t('common:actions.cancel'),
    });
}
