import { Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useBlockMutation, useUnblockMutation } from '../../../api/blocks';
import { useErrorText } from '../../../api/errors';
import { toastFail, toastSuccess } from '../../toast';

interface Named {
  id: number;
  username: string;
}

/** Asks first, then blocks; answers whether the member is now blocked (the caller then leaves the profile or chat). */
export function useBlockMember(): (member: Named) => Promise<boolean> {
  const { t } = useTranslation('mobile');
  const errorText = useErrorText();
  const block = useBlockMutation();
  return async ({ id, username }) => {
    const confirmed = await Dialog.confirm({
      title: t('blocking.confirmTitle', { name: username }),
      content: t('blocking.confirmHint'),
      confirmText: t('blocking.block'),
      cancelText: t('common:actions.cancel'),
    });
    if (!confirmed) return false;
    try {
      await block.mutateAsync(id);
    } catch (error) {
      toastFail(errorText(error));
      return false;
    }
    toastSuccess(t('blocking.done', { name: username }));
    return true;
  };
}

/** Asks first, then lifts the block; answers whether it was lifted. */
export function useUnblockMember(): (member: Named) => Promise<boolean> {
  const { t } = useTranslation('mobile');
  const errorText = useErrorText();
  const unblock = useUnblockMutation();
  return async ({ id, username }) => {
    const confirmed = await Dialog.confirm({
      title: t('blocking.unblockTitle', { name: username }),
      content: t('blocking.unblockHint'),
      confirmText: t('blocking.unblock'),
      cancelText: t('common:actions.cancel'),
    });
    if (!confirmed) return false;
    try {
      await unblock.mutateAsync(id);
    } catch (error) {
      toastFail(errorText(error));
      return false;
    }
    toastSuccess(t('blocking.unblocked', { name: username }));
    return true;
  };
}
