import { useTranslation } from 'react-i18next';
import { useProfileMutation, type ProfileInput } from '../api/account';
import { useErrorText } from '../api/errors';
import { useSession } from '../state/session';
import { toastFail, toastSuccess } from './toast';

/**
 * The profile call always carries e-mail, sex and birthday: each setup screen changes one of them
 * (or the avatar) and sends the rest as they are. Answers whether it worked.
 */
export function useSaveProfile() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const profile = useProfileMutation();
  const save = async (change: Partial<ProfileInput>): Promise<boolean> => {
    const user = useSession.getState().user;
    if (!user || profile.isPending) return false;
    try {
      await profile.mutateAsync({ avatar: user.avatar || undefined, email: user.email, sex: user.sex, birthday: user.birthday, ...change });
      toastSuccess(t('messages.modified'));
      return true;
    } catch (error) {
      toastFail(errorText(error, 'messages.modifyFailed'));
      return false;
    }
  };
  return { save, saving: profile.isPending };
}
