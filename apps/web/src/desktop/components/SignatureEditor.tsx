import { EditOutlined } from '@ant-design/icons';
import { LIMITS } from '@kindred/protocol';
import { App, Button, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangeSignatureMutation } from '../../api/account';
import { useErrorText } from '../../api/errors';
import { EmoticonText } from '../../ui/emoticons/EmoticonText';

/** The member's signature, edited in place (at most 30 characters, with a counter). */
export function SignatureEditor({ signature }: { signature: string }) {
  const { t } = useTranslation('desktop');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const change = useChangeSignatureMutation();
  const [draft, setDraft] = useState<string | null>(null);

  const save = () => {
    if (draft == null) return;
    change.mutate(
      { signature: draft.trim() },
      {
        onSuccess: () => {
          setDraft(null);
          void message.success(t('common:messages.modified'));
        },
        onError: (e) => void message.error(errorText(e, 'messages.modifyFailed')),
      },
    );
  };

  if (draft == null) {
    return (
      <div className="kd-signature">
        <p data-testid="profile-signature" className={signature ? '' : 'is-empty'}>
          {signature ? <EmoticonText text={signature} /> : t('profile.signatureEmpty')}
        </p>
        <Button type="text" size="small" icon={<EditOutlined />} onClick={() => setDraft(signature)} aria-label={t('profile.editSignature')} data-testid="edit-signature">
          {t('profile.editSignature')}
        </Button>
      </div>
    );
  }

  return (
    <div className="kd-signature is-editing">
      <Input.TextArea
        name="signature"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        maxLength={LIMITS.signatureMax}
        showCount
        autoSize={{ minRows: 2, maxRows: 3 }}
        autoFocus
        onPressEnter={(e) => {
          e.preventDefault();
          save();
        }}
        placeholder={t('profile.signatureEmpty')}
      />
      <div className="kd-signature-actions">
        <Button onClick={() => setDraft(null)} disabled={change.isPending}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="primary" onClick={save} loading={change.isPending} data-testid="save-signature">
          {t('common:actions.save')}
        </Button>
      </div>
    </div>
  );
}
