import { SUPPORT_ACCOUNT_ID, type MailWire } from '@kindred/protocol';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../ui/Avatar';
import { EmoticonText } from '../../../ui/emoticons/EmoticonText';
import { RelativeTime } from '../../../ui/RelativeTime';

/** An opened mail: sender, time and the whole text, with Reply and Close. */
export function MailDialog({ mail, onClose, onReply }: { mail: MailWire | undefined; onClose: () => void; onReply: (mail: MailWire) => void }) {
  const { t } = useTranslation('desktop');
  const isSupport = mail?.sender_id === SUPPORT_ACCOUNT_ID;
  return (
    <Modal
      open={Boolean(mail)}
      onCancel={onClose}
      width={480}
      destroyOnHidden
      title={
        mail ? (
          <span className="kd-mail-dialog-head">
            <Avatar src={mail.avatar} name={mail.sendername} size={40} />
            <span className="kd-mail-dialog-who">
              <span className={isSupport ? 'k-support-name' : undefined}>{mail.sendername}</span>
              <small>
                {isSupport ? `${t('mail.support')} · ` : null}
                <RelativeTime seconds={mail.create_time} />
              </small>
            </span>
          </span>
        ) : null
      }
      footer={
        mail ? (
          <>
            <Button onClick={onClose} data-testid="mail-close">
              {t('common:actions.close')}
            </Button>
            <Button type="primary" onClick={() => onReply(mail)} data-testid="mail-reply">
              {t('mail.reply')}
            </Button>
          </>
        ) : null
      }
      rootClassName="kd-mail-open-modal"
    >
      {mail ? (
        <p className="kd-mail-dialog-text" data-testid="mail-open-text">
          <EmoticonText text={mail.msg} />
        </p>
      ) : null}
    </Modal>
  );
}
