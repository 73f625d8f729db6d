import { SUPPORT_ACCOUNT_ID, type MailWire } from '@kindred/protocol';
import { Button, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Avatar } from '../../../ui/Avatar';
import { EmoticonText } from '../../../ui/emoticons/EmoticonText';
import { RelativeTime } from '../../../ui/RelativeTime';

/** One opened mail, its whole text, with Reply (the send screen, address filled in) and Close. */
export function MailPopup({ mail, onClose }: { mail: MailWire | undefined; onClose: () => void }) {
  const { t } = useTranslation('mobile');
  const navigate = useNavigate();
  const isSupport = mail?.sender_id === SUPPORT_ACCOUNT_ID;
  return (
    <Popup visible={Boolean(mail)} onMaskClick={onClose} onClose={onClose} bodyClassName="m-mail-popup" destroyOnClose>
      {mail ? (
        <article data-testid="mail-open" aria-label={mail.sendername}>
          <header className="m-mail-popup-head">
            <Avatar src={mail.avatar} name={mail.sendername} size={44} />
            <div className="m-mail-popup-who">
              <strong className={isSupport ? 'k-support-name' : undefined}>{mail.sendername}</strong>
              <span>
                {isSupport ? `${t('mail.support')} · ` : null}
                <RelativeTime seconds={mail.create_time} />
              </span>
            </div>
          </header>
          <p className="m-mail-popup-text" data-testid="mail-open-text">
            <EmoticonText text={mail.msg} />
          </p>
          <div className="m-actions">
            <Button className="m-button-pill" onClick={onClose} data-testid="mail-close">
              {t('common:actions.close')}
            </Button>
            <Button
              className="m-button-pill"
              color="primary"
              onClick={() => navigate(`/m/home/email/send?to=${encodeURIComponent(mail.sendername)}`)}
              data-testid="mail-reply"
            >
              {t('mail.reply')}
            </Button>
          </div>
        </article>
      ) : null}
    </Popup>
  );
}
