import { CloseOutlined, TranslationOutlined } from '@ant-design/icons';
import { CHAT_LIMITS, isBlank, type TranslateTarget } from '@kindred/protocol';
import { Alert, Button, Input, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { useErrorText } from '../../api/errors';
import { useTranslateMutation } from '../../api/translate';
import { EmoticonText } from '../../ui/emoticons/EmoticonText';

/** Into the member's own language unless they pick another. */
const targetFor = (language: string): TranslateTarget => (language === 'zh-CN' ? 'zh' : language === 'zh-TW' ? 'cht' : 'en');

interface TranslateBoxProps {
  /** What to translate first: the typed text or a received message (remount with a new key to change it). */
  initial: string;
  onClose: () => void;
  /** Puts the translation into the message being written. */
  onUse: (text: string) => void;
}

/** Translates a text to simplified or traditional Chinese or English; it may cost credits (errors say so). */
export function TranslateBox({ initial, onClose, onUse }: TranslateBoxProps) {
  const { t, i18n } = useTranslation('desktop');
  const errorText = useErrorText();
  const translate = useTranslateMutation();
  const [source, setSource] = useState(initial);
  const [target, setTarget] = useState<TranslateTarget>(() => targetFor(i18n.language));
  const result = translate.data;
  const short = translate.error instanceof ApiError && translate.error.id === 'insufficient_credits';

  const run = () => {
    if (isBlank(source)) return;
    translate.mutate({ content: source, to: target });
  };

  return (
    <section className="kd-chat-translate" data-testid="translate-box" aria-label={t('chat.translate')}>
      <header>
        <TranslationOutlined />
        <strong>{t('chat.translate')}</strong>
        <span className="kd-grow" />
        <Segmented
          size="small"
          value={target}
          onChange={(v) => setTarget(v as TranslateTarget)}
          options={[
            { value: 'zh', label: t('chat.targets.zh') },
            { value: 'cht', label: t('chat.targets.cht') },
            { value: 'en', label: t('chat.targets.en') },
          ]}
          data-testid="translate-target"
        />
        <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('common:actions.close')} onClick={onClose} />
      </header>
      <div className="kd-chat-translate-row">
        <Input.TextArea
          value={source}
          onChange={(e) => setSource(e.target.value)}
          maxLength={CHAT_LIMITS.textMax}
          autoSize={{ minRows: 1, maxRows: 3 }}
          placeholder={t('chat.translatePlaceholder')}
          data-testid="translate-source"
        />
        <Button type="primary" ghost onClick={run} loading={translate.isPending} disabled={isBlank(source)} data-testid="translate-run">
          {t('chat.translateRun')}
        </Button>
      </div>
      {translate.isError ? (
        <Alert
          type="warning"
          showIcon
          title={errorText(translate.error, 'errors.translate_failed')}
          action={short ? <Link to="/w/home/pay">{t('nav.pay')}</Link> : undefined}
          data-testid="translate-error"
        />
      ) : null}
      {result && !translate.isPending && !translate.isError ? (
        <div className="kd-chat-translate-result">
          <p data-testid="translate-result">
            <EmoticonText text={result.dst} />
          </p>
          <footer>
            <span className="kd-muted">{result.charged > 0 ? t('chat.charged', { charged: result.charged.toFixed(2), amount: result.amount.toFixed(2) }) : t('chat.free')}</span>
            <span className="kd-grow" />
            <Button size="small" onClick={() => onUse(result.dst)} disabled={isBlank(result.dst)} data-testid="translate-use">
              {t('chat.translateUse')}
            </Button>
          </footer>
        </div>
      ) : null}
    </section>
  );
}
