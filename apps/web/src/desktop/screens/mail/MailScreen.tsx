import { EditOutlined, LockOutlined } from '@ant-design/icons';
import { LIMITS, SUPPORT_ACCOUNT_ID, type MailWire } from '@kindred/protocol';
import { Alert, App, Badge, Button, Empty, Input, Skeleton } from 'antd';
import { useCallback, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useErrorText } from '../../../api/errors';
import { flattenMails, isLockedMail, isMailNeedUpgrade, type MailUpgradeReason, unreadOf, useMailListInfiniteQuery, useReadMailMutation } from '../../../api/mail';
import { Avatar } from '../../../ui/Avatar';
import { EmoticonText } from '../../../ui/emoticons/EmoticonText';
import { RelativeTime } from '../../../ui/RelativeTime';
import { LoadMore } from '../../components/LoadMore';
import { MailDialog } from './MailDialog';
import { SendMailDialog } from './SendMailDialog';
import './mail.css';

function MailRow({ mail, onOpen }: { mail: MailWire; onOpen: (mail: MailWire) => void }) {
  const { t } = useTranslation('desktop');
  const unread = mail.type === 0;
  return (
    <li>
      <button type="button" className={`kd-mail-row${unread ? ' is-unread' : ''}`} onClick={() => onOpen(mail)} data-testid="mail-row" data-eid={mail.eid} data-unread={unread ? 1 : 0}>
        <span className="kd-mail-dot-slot">{unread ? <Badge status="error" className="kd-mail-dot" aria-label={t('mail.unread')} data-testid="mail-unread-dot" /> : null}</span>
        <Avatar src={mail.avatar} name={mail.sendername} size={44} />
        <span className={`kd-mail-sender${mail.sender_id === SUPPORT_ACCOUNT_ID ? ' k-support-name' : ''}`} data-testid="mail-sender">
          {mail.sendername}
        </span>
        <span className="kd-mail-text">
          {isLockedMail(mail) ? (
            <span className="kd-mail-locked">
              <LockOutlined /> {t('mail.locked')}
            </span>
          ) : (
            <EmoticonText text={mail.msg} />
          )}
        </span>
        <span className="kd-mail-time">
          <RelativeTime seconds={mail.create_time} />
        </span>
      </button>
    </li>
  );
}

/**
 * /w/home/message: the inbox with a new-message button, a sender-name filter over the loaded
 * mails, unread dots, and "click for more". Opening a mail shows it and marks it read; a free
 * member opening a locked one (not from the support account) is offered the upgrade.
 */
export function MailScreen() {
  const { t } = useTranslation('desktop');
  const { message, modal } = App.useApp();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const query = useMailListInfiniteQuery();
  const read = useReadMailMutation();
  const [search, setSearch] = useState('');
  const [openId, setOpenId] = useState<number>();
  const [compose, setCompose] = useState<{ to: string } | null>(null);
  const needle = useDeferredValue(search.trim().toLowerCase());

  const mails = flattenMails(query.data);
  const shown = needle ? mails.filter((m) => m.sendername.toLowerCase().includes(needle)) : mails;
  const unread = unreadOf(query.data);

  const offerUpgrade = useCallback(
    (reason: MailUpgradeReason) =>
      void modal.confirm({
        title: t('mail.upgradeTitle'),
        content: <span data-testid="mail-upgrade-reason">{t(reason === 'send' ? 'mail.upgradeSendText' : 'mail.upgradeReadText')}</span>,
        okText: t('mail.upgradeNow'),
        cancelText: t('mail.later'),
        rootClassName: 'kd-mail-upgrade-modal',
        onOk: () => navigate('/w/home/upgrade'),
      }),
    [modal, navigate, t],
  );

  const open = (mail: MailWire) => {
    if (isLockedMail(mail)) return offerUpgrade('read');
    setOpenId(mail.eid);
    if (mail.type === 0)
      read.mutate(mail.eid, {
        onError: (error) => {
          setOpenId(undefined);
          if (isMailNeedUpgrade(error)) offerUpgrade('read');
          else void message.error(errorText(error));
        },
      });
  };

  let body;
  if (query.isPending) body = <Skeleton active avatar paragraph={{ rows: 3 }} />;
  else if (query.isError && !query.data) body = <Alert type="error" showIcon title={errorText(query.error)} />;
  else if (mails.length === 0) body = <Empty className="kd-mail-empty" description={t('mail.empty')} />;
  else if (shown.length === 0) body = <Empty className="kd-mail-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('mail.noMatch', { name: search.trim() })} data-testid="mail-no-match" />;
  else
    body = (
      <ul className="kd-mail-list" data-testid="mail-list">
        {shown.map((mail) => (
          <MailRow key={mail.eid} mail={mail} onOpen={open} />
        ))}
      </ul>
    );

  return (
    <section className="kd-card kd-mail">
      <header className="kd-mail-head">
        <div className="kd-mail-title">
          <h1>
            {t('mail.title')}
            {unread > 0 ? <Badge count={unread} overflowCount={LIMITS.unreadBadgeCap} title={t('mail.unreadCount', { count: unread })} data-testid="mail-unread-count" /> : null}
          </h1>
          <p className="kd-muted">{t('mail.subtitle')}</p>
        </div>
        <Input.Search
          className="kd-mail-search"
          size="large"
          allowClear
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t('mail.search')}
          aria-label={t('mail.search')}
          maxLength={LIMITS.usernameMax}
          data-testid="mail-search"
        />
        <Button type="primary" size="large" icon={<EditOutlined />} onClick={() => setCompose({ to: '' })} data-testid="mail-new">
          {t('mail.newMessage')}
        </Button>
      </header>
      {body}
      {query.data && mails.length > 0 ? <LoadMore pager={query} endText={t('mail.end')} /> : null}
      <MailDialog
        mail={mails.find((m) => m.eid === openId)}
        onClose={() => setOpenId(undefined)}
        onReply={(mail) => {
          setOpenId(undefined);
          setCompose({ to: mail.sendername });
        }}
      />
      <SendMailDialog open={compose !== null} to={compose?.to} onClose={() => setCompose(null)} onNeedUpgrade={() => offerUpgrade('send')} />
    </section>
  );
}
