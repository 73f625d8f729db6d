import { SUPPORT_ACCOUNT_ID, type MailWire } from '@kindred/protocol';
import { Button, DotLoading, ErrorBlock, List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useErrorText } from '../../../api/errors';
import { flattenMails, isLockedMail, isMailNeedUpgrade, type MailUpgradeReason, unreadOf, useMailListInfiniteQuery, useReadMailMutation } from '../../../api/mail';
import { Avatar } from '../../../ui/Avatar';
import { EmoticonText } from '../../../ui/emoticons/EmoticonText';
import { RelativeTime } from '../../../ui/RelativeTime';
import { SubPage } from '../../components/SubPage';
import { LockIcon, PenIcon } from '../../icons';
import { toastFail } from '../../toast';
import { MailPopup } from './MailPopup';
import { UpgradeDialog } from './UpgradeDialog';
import './mail.css';

function MailRow({ mail, onOpen }: { mail: MailWire; onOpen: (mail: MailWire) => void }) {
  const { t } = useTranslation('mobile');
  const unread = mail.type === 0;
  return (
    <List.Item
      className="m-mail-row"
      prefix={<Avatar src={mail.avatar} name={mail.sendername} size={46} />}
      extra={
        <span className="m-mail-time">
          <RelativeTime seconds={mail.create_time} />
        </span>
      }
      description={
        isLockedMail(mail) ? (
          <span className="m-mail-locked">
            <LockIcon /> {t('mail.locked')}
          </span>
        ) : (
          <EmoticonText text={mail.msg} className="m-mail-preview" />
        )
      }
      onClick={() => onOpen(mail)}
      arrow={false}
      data-testid="mail-row"
      data-eid={mail.eid}
      data-unread={unread ? 1 : 0}
    >
      <span className="m-mail-name">
        {unread ? <span className="m-mail-dot" role="img" aria-label={t('mail.unread')} data-testid="mail-unread-dot" /> : null}
        <span className={mail.sender_id === SUPPORT_ACCOUNT_ID ? 'k-support-name' : undefined}>{mail.sendername}</span>
      </span>
    </List.Item>
  );
}

/**
 * /m/home/email/list: the inbox. Tapping a mail opens it and marks it read; a free member tapping
 * a locked one (not from the support account) is offered the upgrade instead.
 */
export default function MailListScreen() {
  const { t } = useTranslation('mobile');
  const errorText = useErrorText();
  const query = useMailListInfiniteQuery();
  const read = useReadMailMutation();
  const [openId, setOpenId] = useState<number>();
  const [upgrade, setUpgrade] = useState<MailUpgradeReason | null>(null);
  const mails = flattenMails(query.data);
  const unread = unreadOf(query.data);

  const open = (mail: MailWire) => {
    if (isLockedMail(mail)) return setUpgrade('read');
    setOpenId(mail.eid);
    if (mail.type === 0)
      read.mutate(mail.eid, {
        onError: (error) => {
          setOpenId(undefined);
          if (isMailNeedUpgrade(error)) setUpgrade('read');
          else toastFail(errorText(error));
        },
      });
  };

  const write = (
    <Link to="/m/home/email/send" className="m-mail-write" aria-label={t('mail.write')} title={t('mail.write')} data-testid="mail-write">
      <PenIcon />
    </Link>
  );

  return (
    <SubPage title={t('mail.inbox')} back="/m/home/message" right={write} testId="mail-list">
      {query.isPending ? (
        <div className="m-mail-state">
          <DotLoading color="primary" />
        </div>
      ) : query.isError && !query.data ? (
        <ErrorBlock status="default" title={errorText(query.error)} description={null} className="m-mail-state">
          <Button size="small" onClick={() => void query.refetch()}>
            {t('common:actions.retry')}
          </Button>
        </ErrorBlock>
      ) : mails.length === 0 ? (
        <ErrorBlock status="empty" title={t('mail.empty')} description={t('mail.emptyHint')} className="m-mail-state">
          <Link to="/m/home/email/send" className="m-mail-write-empty">
            <PenIcon /> {t('mail.write')}
          </Link>
        </ErrorBlock>
      ) : (
        <>
          {unread > 0 ? (
            <p className="m-hint" data-testid="mail-unread-count">
              {t('mail.unreadCount', { count: unread })}
            </p>
          ) : null}
          <List className="m-card m-mail-list">
            {mails.map((mail) => (
              <MailRow key={mail.eid} mail={mail} onOpen={open} />
            ))}
          </List>
          {query.hasNextPage ? (
            <div className="m-actions">
              <Button className="m-button-pill" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()} data-testid="mail-more">
                {t('common:actions.more')}
              </Button>
            </div>
          ) : (
            <p className="m-mail-end">{t('mail.end')}</p>
          )}
        </>
      )}
      <MailPopup mail={mails.find((m) => m.eid === openId)} onClose={() => setOpenId(undefined)} />
      <UpgradeDialog reason={upgrade} onClose={() => setUpgrade(null)} />
    </SubPage>
  );
}
