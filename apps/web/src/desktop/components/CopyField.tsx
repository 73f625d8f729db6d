import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { App, Button, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Copies with the Clipboard API, falling back to a selected text area where it is unavailable. */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Permission refused: fall through to the selection way.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  document.execCommand('copy');
  area.remove();
}

/** A read-only value with a copy button (the invitation link). */
export function CopyField({ value, name }: { value: string; name: string }) {
  const { t } = useTranslation('desktop');
  const { message } = App.useApp();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await copyText(value);
    setCopied(true);
    void message.success(t('common:actions.copied'));
    setTimeout(() => setCopied(false), 2000);
  };
  return (
    <Space.Compact block>
      <Input name={name} value={value} readOnly onFocus={(e) => e.target.select()} size="large" aria-label={t('invitationLink')} />
      <Button type="primary" size="large" icon={copied ? <CheckOutlined /> : <CopyOutlined />} onClick={() => void copy()} data-testid="copy-invitation">
        {copied ? t('common:actions.copied') : t('copyLink')}
      </Button>
    </Space.Compact>
  );
}
