import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { App, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/** Recovery codes shown once: listed, copied to the clipboard or saved as a text file. */
export function RecoveryCodesList({ codes, account }: { codes: string[]; account: string }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const text = `${t('codes.fileHeading', { account })}\n\n${codes.join('\n')}\n`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      void message.success(t('codes.copied'));
    } catch {
      void message.error(t('codes.copyFailed'));
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `kindred-recovery-codes-${account}.txt`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  return (
    <>
      <ul className="ka-codes" data-testid="recovery-codes" aria-label={t('codes.listLabel')}>
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <Space wrap>
        <Button icon={<CopyOutlined />} onClick={() => void copy()}>
          {t('codes.copy')}
        </Button>
        <Button icon={<DownloadOutlined />} onClick={download}>
          {t('codes.download')}
        </Button>
      </Space>
    </>
  );
}
