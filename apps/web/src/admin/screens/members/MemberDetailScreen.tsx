import { ArrowLeftOutlined, SafetyCertificateFilled } from '@ant-design/icons';
import { Avatar, Button, Card, Descriptions, Skeleton, Space, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAdminMemberQuery } from '../../../api/admin-members';
import { ErrorAlert } from '../../components/ErrorAlert';
import { StandingTag } from '../../components/StandingTag';
import { formatCents, formatCredits, formatDay, formatTime } from '../../format';
import { MemberActions } from './MemberActions';
import { MemberLedger } from './MemberLedger';
import { MemberSessions } from './MemberSessions';

/** One member: who they are, their standing and the actions on them; sessions and ledger in tabs. */
export function MemberDetailScreen() {
  const { t, i18n } = useTranslation('admin');
  const id = Number(useParams().id);
  const query = useAdminMemberQuery(id);
  const m = query.data;

  if (query.isError) return <ErrorAlert error={query.error} />;
  if (!m) return <Card><Skeleton active avatar /></Card>;

  const expiry = (seconds: number) => (seconds ? formatDay(seconds) : '—');
  const profile = (
    <Descriptions bordered size="small" column={2} data-testid="member-profile">
      <Descriptions.Item label={t('members.email')}>{m.email}</Descriptions.Item>
      <Descriptions.Item label={t('members.role')}>{t(`roles.${m.role}`)}</Descriptions.Item>
      <Descriptions.Item label={t('members.sex')}>{t(`sex.${m.sex}`)}</Descriptions.Item>
      <Descriptions.Item label={t('members.birthday')}>{m.birthday ? new Date(m.birthday).toISOString().slice(0, 10) : '—'}</Descriptions.Item>
      <Descriptions.Item label={t('members.country')}>{m.country || '—'}</Descriptions.Item>
      <Descriptions.Item label={t('members.language')}>{m.lang || '—'}</Descriptions.Item>
      <Descriptions.Item label={t('members.vip')}>{t(`vip.${m.vip}`)}</Descriptions.Item>
      <Descriptions.Item label={t('members.expiries')}>
        {t('vip.1')}: {expiry(m.overduedate_1)} · {t('vip.2')}: {expiry(m.overduedate_2)}
      </Descriptions.Item>
      <Descriptions.Item label={t('members.credits')}>{formatCredits(m.credits, i18n.language)}</Descriptions.Item>
      <Descriptions.Item label={t('members.paid')}>{formatCents(m.paid_cents, i18n.language)}</Descriptions.Item>
      <Descriptions.Item label={t('members.registered')}>{formatTime(m.create_time)}</Descriptions.Item>
      <Descriptions.Item label={t('members.lastLogin')}>{formatTime(m.last_login_time)}</Descriptions.Item>
      <Descriptions.Item label={t('members.online')}>{m.is_online ? t('members.yes') : t('members.no')}</Descriptions.Item>
      <Descriptions.Item label={t('members.hidden')}>{m.is_yin ? t('members.no') : t('members.yes')}</Descriptions.Item>
      <Descriptions.Item label={t('members.reportsAgainst')}>
        <Link to={`/admin/reports?reported=${m.id}`}>{m.reports_against}</Link>
      </Descriptions.Item>
      <Descriptions.Item label={t('members.reportsMade')}>{m.reports_made}</Descriptions.Item>
      <Descriptions.Item label={t('members.invitation')}>{m.invitation_code || '—'}</Descriptions.Item>
      <Descriptions.Item label={t('members.invitedBy')}>{m.invited_by ? <Link to={`/admin/members/${m.invited_by}`}>#{m.invited_by}</Link> : '—'}</Descriptions.Item>
      {m.standing === 'banned' ? <Descriptions.Item label={t('members.banReason')} span={2}>{m.ban_reason || '—'} · {formatTime(m.banned_time)}</Descriptions.Item> : null}
      <Descriptions.Item label={t('members.signature')} span={2}>
        <span className="ka-pre">{m.signature || '—'}</span>
      </Descriptions.Item>
    </Descriptions>
  );

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="admin-member">
      <Link to="/admin/members">
        <Button type="link" icon={<ArrowLeftOutlined />} style={{ paddingLeft: 0 }} tabIndex={-1}>
          {t('members.back')}
        </Button>
      </Link>
      <Card>
        <Space align="start" size="large" wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <Space align="center" size="middle">
            <Avatar src={m.avatar || undefined} alt="" size={64}>
              {m.username.slice(0, 1).toUpperCase()}
            </Avatar>
            <div>
              <h2 style={{ margin: 0 }}>
                {m.username} <span className="ka-muted">#{m.id}</span>{' '}
                {m.is_auth ? <SafetyCertificateFilled style={{ color: '#1d4ed8', fontSize: 18 }} aria-label={t('members.verified')} /> : null}
              </h2>
              <Space size={4} wrap>
                <StandingTag standing={m.standing} until={m.suspended_until} />
                <Tag>{t(`vip.${m.vip}`)}</Tag>
                {m.is_auth ? <Tag color="blue">{t('members.verified')}</Tag> : null}
              </Space>
            </div>
          </Space>
          <MemberActions member={m} />
        </Space>
      </Card>
      <Card>
        <Tabs
          items={[
            { key: 'profile', label: t('members.tabs.profile'), children: profile },
            { key: 'sessions', label: t('members.tabs.sessions', { count: m.sessions }), children: <MemberSessions id={m.id} /> },
            { key: 'ledger', label: t('members.tabs.ledger'), children: <MemberLedger id={m.id} /> },
          ]}
        />
      </Card>
    </Space>
  );
}
