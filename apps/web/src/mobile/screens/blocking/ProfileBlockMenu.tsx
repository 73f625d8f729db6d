import { ActionSheet } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MoreIcon } from '../chat/chat-icons';
import { useBlockMember } from './use-block-member';

/** The "…" of another member's profile bar: block (with a confirmation); the profile then closes. */
export function ProfileBlockMenu({ member }: { member: { id: number; username: string } }) {
  const { t } = useTranslation('mobile');
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const blockMember = useBlockMember();
  return (
    <>
      <button type="button" className="m-nav-back" onClick={() => setOpen(true)} aria-label={t('chat.more')} data-testid="profile-menu">
        <MoreIcon />
      </button>
      <ActionSheet
        visible={open}
        onClose={() => setOpen(false)}
        cancelText={t('common:actions.cancel')}
        closeOnAction
        actions={[
          {
            key: 'block',
            text: <span data-testid="profile-block">{t('blocking.blockMember', { name: member.username })}</span>,
            danger: true,
            onClick: () => void blockMember(member).then((done) => done && navigate('/m/home/index', { replace: true })),
          },
        ]}
      />
    </>
  );
}
