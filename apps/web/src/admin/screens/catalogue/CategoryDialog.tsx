import type { GiftCategoryAdminWire } from '@kindred/protocol';
import { Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGiftCategorySaveMutation } from '../../../api/admin-catalogue';
import { ActionDialog } from '../../components/ActionDialog';
import { useSaved } from '../../components/use-catalogue-feedback';

type Values = Pick<GiftCategoryAdminWire, 'name_en' | 'name_zh_cn' | 'name_zh_tw' | 'sort'>;

/** A new gift category, or one edited: its name in the three languages and its place in the list. */
export function CategoryDialog({ category, onClose }: { category: GiftCategoryAdminWire | 'new' | null; onClose(): void }) {
  const { t } = useTranslation('admin');
  const save = useGiftCategorySaveMutation();
  const saved = useSaved();
  const editing = category && category !== 'new' ? category : null;
  return (
    <ActionDialog<Values>
      open={category != null}
      title={editing ? t('catalogue.editCategory') : t('catalogue.addCategory')}
      okText={t('actions.save')}
      initialValues={editing ?? { sort: 0 }}
      busy={save.isPending}
      onSubmit={(v) => saved(save.mutateAsync({ ...v, id: editing?.id }))}
      onClose={onClose}
    >
      {(['name_en', 'name_zh_cn', 'name_zh_tw'] as const).map((field) => (
        <Form.Item key={field} name={field} label={t(`catalogue.fields.${field}`)} rules={[{ required: true, whitespace: true, message: t('form.required') }, { max: 64 }]}>
          <Input maxLength={64} />
        </Form.Item>
      ))}
      <Form.Item name="sort" label={t('catalogue.sort')}>
        <InputNumber min={0} max={1_000_000} precision={0} />
      </Form.Item>
    </ActionDialog>
  );
}
