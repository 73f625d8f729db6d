import { LIMITS } from '@kindred/protocol';
import { Button, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangeSignatureMutation } from '../../../api/account';
import { useErrorText } from '../../../api/errors';
import { useSession } from '../../../state/session';
import { SubPage } from '../../components/SubPage';
import { useGoBack } from '../../use-go-back';
import { toastFail, toastSuccess } from '../../toast';
import { useSingleFlight } from '../../use-single-flight';
import '../../setup.css';

const BACK = '/m/home/my/setup/index';

/** /m/home/my/setup/changesignature: up to 30 characters, with a counter. */
export default function ChangeSignatureScreen() {
  const { t } = useTranslation('mobile');
  const errorText = useErrorText();
  const goBack = useGoBack(BACK);
  const user = useSession((s) => s.user);
  const change = useChangeSignatureMutation();
  const [signature, setSignature] = useState(user?.signature ?? '');

  const submit = useSingleFlight(async () => {
    try {
      await change.mutateAsync({ signature: signature.trim() });
      toastSuccess(t('common:messages.modified'));
      goBack();
    } catch (error) {
      toastFail(errorText(error, 'messages.modifyFailed'));
    }
  });

  return (
    <SubPage title={t('titles.signature')} back={BACK}>
      <div className="m-form-card m-signature">
        <TextArea
          name="signature"
          aria-label={t('common:fields.signature')}
          placeholder={t('setup.signaturePlaceholder')}
          value={signature}
          onChange={setSignature}
          maxLength={LIMITS.signatureMax}
          showCount
          rows={3}
          autoSize={{ minRows: 3, maxRows: 5 }}
        />
      </div>
      <p className="m-hint">{t('setup.signatureHint')}</p>
      <div className="m-actions">
        <Button className="m-button-pill" color="primary" block loading={change.isPending} onClick={submit} data-testid="signature-save">
          {t('common:actions.save')}
        </Button>
      </div>
    </SubPage>
  );
}
