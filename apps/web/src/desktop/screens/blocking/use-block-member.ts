import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBlockMutation, useUnblockMutation } from '../../../api/blocks';
import { useErrorText } from '../../../api/errors';

interface Named {
  id: number;
  username: string;
}

/**
 * Block and unblock, each after a confirmation dialog; the promise answers whether it happened
 * (a profile or chat that blocked then closes itself).
 */
export function useBlockActions() {
  const { t } = useTranslation('desktop');
  const { modal, message } = App.useApp();
  const errorText = useErrorText();
  const block = useBlockMutation();
  const unblock = useUnblockMutation();

  const confirmThen = (member: Named, kind: 'block' | 'unblock') =>
    new Promise<boolean>((resolve) => {
      const blocking = kind === 'block';
      modal.confirm({
        title: t(blocking ? 'blocking.confirmTitle' : 'blocking.unblockTitle', { name: member.username }),
        content: t(blocking ? 'blocking.confirmHint' : 'blocking.unblockHint'),
        okText: t(blocking ? 'blocking.block' : 'blocking.unblock'),
        okButtonProps: { danger: blocking, ...({ 'data-testid': 'block-confirm' } as object) },
        cancelText: t('common:actions.cancel'),
        onCancel: () => resolve(false),
        onOk: async () => {
          try {
            await (blocking ? block : unblock).mutateAsync(member.id);
          } catch (error) {
            void message.error(errorText(error));
            resolve(false);
            return;
          }
          void message.success(t(blocking ? 'blocking.done' : 'blocking.unblocked', { name: member.username }));
          resolve(true);
        },
      });
    });

  return {
    block: (member: Named) => confirmThen(member, 'block'),
    unblock: (member: Named) => confirmThen(member, 'unblock'),
  };
}
