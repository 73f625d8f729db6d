import { LIMITS } from '@kindred/protocol';
import { Button, Input, TextArea } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useErrorText } from '../../../api/errors';
import { formatCredits, isInsufficientCredits, isUnknownGiftRecipient, useGiftIndex, useGiftText, useSendGiftMutation } from '../../../api/gifts';
import { useSession } from '../../../state/session';
import { SubPage } from '../../components/SubPage';
import { toastSuccess } from '../../toast';
import { useSingleFlight } from '../../use-single-flight';
import { ListLoading, ListMessage } from '../discovery/ListState';
import '../mail/mail.css';
import './gifts.css';

const LIST = '/m/home/gift/list';

/**
 * /m/home/gift/send/{id}: the gift (picture, name, info, price), the recipient (`?to=` fills it),
 * a message of at most 50 characters, send. Not enough credits: "Insufficient Credits" with the
 * way to the recharge page.
 */
export default function GiftSendScreen() {
  const { t } = useTranslation('mobile');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { id } = useParams();
  const [params] = useSearchParams();
  const text = useGiftText();
  const { byId, gifts } = useGiftIndex();
  const amount = useSession((s) => s.user?.amount ?? 0);
  const send = useSendGiftMutation();
  const [username, setUsername] = useState(params.get('to') ?? '');
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState('');
  const [short, setShort] = useState(false);
  const gift = byId.get(Number(id));

  const edit = (set: (v: string) => void) => (value: string) => {
    set(value);
    setProblem('');
  };

  const submit = useSingleFlight(async (_event: FormEvent) => {
    if (!gift) return setProblem(t('gifts.chooseGift'));
    if (!username.trim()) return setProblem(t('gifts.recipientRequired'));
    try {
      await send.mutateAsync({ username, message, giftid: gift.id });
      toastSuccess(t('gifts.sent'));
      navigate(LIST, { replace: true });
    } catch (error) {
      setShort(isInsufficientCredits(error));
      setProblem(isInsufficientCredits(error) ? t('gifts.insufficient') : isUnknownGiftRecipient(error) ? t('gifts.userNotExist') : errorText(error, 'mobile:gifts.sendFailed'));
    }
  });

  if (!gift) {
    return (
      <SubPage title={t('titles.giftSend')} back={LIST} testId="gift-send">
        {gifts.length ? <ListMessage text={t('gifts.notFound')} action={t('gifts.openStore')} onAction={() => navigate(LIST)} /> : <ListLoading />}
      </SubPage>
    );
  }

  return (
    <SubPage title={t('titles.giftSend')} back={LIST} testId="gift-send">
      <form onSubmit={submit} noValidate>
        <section className="m-card m-gift-hero" data-gift-id={gift.id}>
          <img src={gift.path} alt="" width={96} height={96} />
          <h2>{text.title(gift)}</h2>
          <p>{text.info(gift)}</p>
          <strong className="m-gift-price">{t('gifts.price', { price: formatCredits(gift.money) })}</strong>
          <small>{t('gifts.balance', { amount: formatCredits(amount) })}</small>
        </section>
        <div className="m-mail-form m-gift-form">
          <label className="m-mail-label" htmlFor="gift-username">
            {t('gifts.recipient')}
          </label>
          <Input
            id="gift-username"
            name="username"
            value={username}
            onChange={edit(setUsername)}
            placeholder={t('gifts.recipientPlaceholder')}
            maxLength={LIMITS.usernameMax}
            autoComplete="off"
            autoCapitalize="off"
            clearable
          />
          <label className="m-mail-label" htmlFor="gift-message">
            {t('gifts.message')}
          </label>
          <TextArea
            id="gift-message"
            name="message"
            value={message}
            onChange={edit(setMessage)}
            placeholder={t('gifts.messagePlaceholder', { max: LIMITS.giftMessageMax })}
            maxLength={LIMITS.giftMessageMax}
            showCount
            autoSize={{ minRows: 3, maxRows: 5 }}
          />
        </div>
        {problem ? (
          <p className="m-mail-problem" role="alert" data-testid="gift-send-error">
            {problem}
            {short ? (
              <>
                {' '}
                <Link to="/m/home/invest/index" className="m-link" data-testid="gift-recharge">
                  {t('gifts.recharge')}
                </Link>
              </>
            ) : null}
          </p>
        ) : null}
        <div className="m-actions">
          <Button type="submit" className="m-button-pill" color="primary" block loading={send.isPending} data-testid="gift-send-submit">
            {t('gifts.send')}
          </Button>
        </div>
      </form>
    </SubPage>
  );
}
