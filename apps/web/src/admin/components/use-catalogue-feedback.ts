import type { CatalogueDeleteWire } from '@kindred/protocol';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../api/errors';

/**
 * Deleting a catalogue row, confirmed first. A row that orders or sends refer to is only
 * deactivated by the server; the message says which happened.
 */
export function useCatalogueDelete() {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const { modal, message } = App.useApp();
  return (name: string, run: () => Promise<CatalogueDeleteWire>) =>
    modal.confirm({
      title: t('catalogue.confirmDelete', { name }),
      okText: t('actions.delete'),
      cancelText: t('actions.cancel'),
      okButtonProps: { danger: true },
      onOk: () =>
        run().then(
          (r) => void message.success(r.removed ? t('catalogue.deleted') : t('catalogue.deactivated')),
          (error: unknown) => void message.error(errorText(error)),
        ),
    });
}

/** The success message of a save, and the error of a failed one. */
export function useSaved() {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const { message } = App.useApp();
  return <T>(run: Promise<T>) =>
    run.then(
      (r) => {
        void message.success(t('catalogue.saved'));
        return r;
      },
      (error: unknown) => {
        void message.error(errorText(error));
        throw error;
      },
    );
}
