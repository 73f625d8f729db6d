import { LIMITS, type GiftWire } from '@kindred/protocol';
import { Alert, App, Button, Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useErrorText } from '../../../api/errors';
import { formatCredits, isInsufficientCredits, isUnknownGiftRecipient, useGiftText, useSendGiftMutation } from '../../../api/gifts';
import { useSession } from '../../../state/session';
import { GiftGrid } from './GiftGrid';
import './gifts.css';

export interface GiftDialogTarget {
  /** The gift chosen in the store; without it the dialog starts with the catalogue to choose from. */
  gift?: GiftWire;
  /** The recipient, fixed when the dialog opens from a member (card, profile, chat). */
  username?: string;
}

/**
 * The send dialog (docs/product-rules.md §2 store, §5 gift rules): picture, name, info, price,
 * recipient username and a message of at most 50 characters; number is always 1. Not enough
 * credits says "Insufficient Credits" with the way to the recharge page.
 */
export function SendGiftDialog({ target, onClose }: { target: GiftDialogTarget | null; onClose: () => void }) {
  const { t } = useTranslation('desktop');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const text = useGiftText();
  const send = useSendGiftMutation();
  const amount = useSession((s) => s.user?.amount ?? 0);
  const [gift, setGift] = useState<GiftWire | undefined>(target?.gift);
  const [form] = Form.useForm<{ username: string; message: string }>();

  const open = Boolean(target);
  const fixedName = target?.username;
  const chosen = target?.gift;
  useEffect(() => {
    // Opening for another member or gift starts afresh; a parent's re-render does not.
    setGift(chosen);
    send.reset();
    form.setFieldsValue({ username: fixedName ?? '', message: '' });
  }, [open, fixedName, chosen?.id]);

  const submit = async () => {
    if (!gift) return void message.warning(t('gifts.chooseGift'));
    const values = await form.validateFields();
    send.mutate(
      { username: values.username, message: values.message, giftid: gift.id },
      {
        onSuccess: () => {
          void message.success(t('gifts.sent'));
          onClose();
        },
        onError: (error) => {
          if (isInsufficientCredits(error)) return;
          void message.error(isUnknownGiftRecipient(error) ? t('gifts.userNotExist') : errorText(error, 'desktop:gifts.sendFailed'));
        },
      },
    );
  };

  const short = isInsufficientCredits(send.error) || (gift ? gift.money > amount : false);
  return (
    <Modal
      open={Boolean(target)}
      onCancel={onClose}
      destroyOnHidden
      width={gift ? 480 : 640}
      title={target?.username ? t('gifts.sendTo', { name: target.username }) : t('gifts.sendGift')}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('gifts.cancel')}
        </Button>,
        <Button key="send" type="primary" loading={send.isPending} disabled={!gift} onClick={() => void submit()} data-testid="gift-dialog-send">
          {t('gifts.send')}
        </Button>,
      ]}
    >
      {gift ? (
        <div className="kd-gift-detail" data-testid="gift-dialog" data-gift-id={gift.id}>
          <img src={gift.path} alt="" width={96} height={96} />
          <div>
            <h3>{text.title(gift)}</h3>
            <p>{text.info(gift)}</p>
            <strong className="kd-gift-tile-price">{t('gifts.price', { price: formatCredits(gift.money) })}</strong>
            <small className="kd-gift-balance">{t('gifts.balance', { amount: formatCredits(amount) })}</small>
          </div>
          {target?.gift ? null : (
            <Button type="link" size="small" onClick={() => setGift(undefined)}>
              {t('gifts.store')}
            </Button>
          )}
        </div>
      ) : (
        <div className="kd-gift-choose" data-testid="gift-dialog-choose">
          <GiftGrid compact onPick={setGift} />
        </div>
      )}
      {short && gift ? (
        <Alert
          type="warning"
          showIcon
          className="kd-gift-short"
          data-testid="gift-insufficient"
          message={t('gifts.insufficient')}
          description={t('gifts.insufficientHint')}
          action={
            <Button size="small" type="primary" onClick={() => navigate('/w/home/pay')} data-testid="gift-recharge">
              {t('gifts.recharge')}
            </Button>
          }
        />
      ) : null}
      <Form form={form} layout="vertical" requiredMark={false} initialValues={{ username: target?.username ?? '', message: '' }}>
        <Form.Item name="username" label={t('gifts.recipient')} rules={[{ required: true, whitespace: true, message: t('gifts.recipientRequired') }]}>
          <Input maxLength={LIMITS.usernameMax} placeholder={t('gifts.recipientPlaceholder')} disabled={Boolean(target?.username)} data-testid="gift-recipient" />
        </Form.Item>
        <Form.Item name="message" label={t('gifts.message')}>
          <Input.TextArea
            maxLength={LIMITS.giftMessageMax}
            showCount
            autoSize={{ minRows: 2, maxRows: 3 }}
            placeholder={t('gifts.messagePlaceholder', { max: LIMITS.giftMessageMax })}
            data-testid="gift-message"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
