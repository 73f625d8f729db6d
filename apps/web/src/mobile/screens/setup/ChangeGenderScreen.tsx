import { Sex } from '@kindred/protocol';
import { Button, List, Radio } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../state/session';
import { SubPage } from '../../components/SubPage';
import { useGoBack } from '../../use-go-back';
import { useSaveProfile } from '../../use-save-profile';
import { useSingleFlight } from '../../use-single-flight';
import '../../setup.css';

const BACK = '/m/home/my/setup/data';

/** /m/home/my/setup/changegender: male 1 / female 0. */
export default function ChangeGenderScreen() {
  const { t } = useTranslation('mobile');
  const goBack = useGoBack(BACK);
  const user = useSession((s) => s.user);
  const { save, saving } = useSaveProfile();
  const [sex, setSex] = useState<number>(user?.sex ?? Sex.male);

  const submit = useSingleFlight(async () => {
    if (await save({ sex })) goBack();
  });

  return (
    <SubPage title={t('titles.gender')} back={BACK}>
      <Radio.Group value={sex} onChange={(v) => setSex(Number(v))}>
        <List className="m-card m-radio-list" aria-label={t('common:fields.sex')}>
          <List.Item>
            <Radio value={Sex.male} block data-testid="gender-male">
              {t('common:sex.male')}
            </Radio>
          </List.Item>
          <List.Item>
            <Radio value={Sex.female} block data-testid="gender-female">
              {t('common:sex.female')}
            </Radio>
          </List.Item>
        </List>
      </Radio.Group>
      <div className="m-actions">
        <Button className="m-button-pill" color="primary" block loading={saving} onClick={submit} data-testid="gender-save">
          {t('common:actions.save')}
        </Button>
      </div>
    </SubPage>
  );
}
