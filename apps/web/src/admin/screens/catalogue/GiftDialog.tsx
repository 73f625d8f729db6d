import { UploadOutlined } from '@ant-design/icons';
import type { GiftAdminWire, GiftCategoryAdminWire } from '@kindred/protocol';
import { Button, Form, Input, InputNumber, Select, Switch, Upload, type UploadFile } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGiftSaveMutation } from '../../../api/admin-catalogue';
import { ActionDialog } from '../../components/ActionDialog';
import { useSaved } from '../../components/use-catalogue-feedback';
import { localName } from '../../format';

const TEXTS = ['title_en', 'title_zh_cn', 'title_zh_tw'] as const;
const INFOS = ['info_en', 'info_zh_cn', 'info_zh_tw'] as const;

interface Values extends Omit<GiftAdminWire, 'id' | 'path' | 'price' | 'active'> {
  /** Credits with two decimals as typed; the wire takes hundredths. */
  price: number;
  active: boolean;
  image?: UploadFile[];
}

interface Props {
  gift: GiftAdminWire | 'new' | null;
  categories: GiftCategoryAdminWire[];
  defaultCategory?: number;
  onClose(): void;
}

/** A gift: its category, price, names and descriptions in three languages, and its picture (required when new). */
export function GiftDialog({ gift, categories, defaultCategory, onClose }: Props) {
  const { t, i18n } = useTranslation('admin');
  const save = useGiftSaveMutation();
  const saved = useSaved();
  const editing = gift && gift !== 'new' ? gift : null;
  const initial: Partial<Values> = editing
    ? { ...editing, price: editing.price / 100, active: Boolean(editing.active) }
    : { category_id: defaultCategory ?? categories[0]?.id, price: 1, active: true, sort: 0 };

  const submit = ({ image, price, active, ...rest }: Values) => {
    const file = image?.[0]?.originFileObj;
    return saved(save.mutateAsync({ ...rest, id: editing?.id, price: Math.round(price * 100), active: active ? 1 : 0, ...(file ? { image: file } : {}) }));
  };

  return (
    <ActionDialog<Values> open={gift != null} title={editing ? t('catalogue.editGift') : t('catalogue.addGift')} okText={t('actions.save')} initialValues={initial} busy={save.isPending} width={760} onSubmit={submit} onClose={onClose}>
      <Form.Item name="category_id" label={t('catalogue.category')} rules={[{ required: true, message: t('form.required') }]}>
        <Select options={categories.map((c) => ({ value: c.id, label: localName(c, 'name', i18n.language) }))} />
      </Form.Item>
      <Form.Item name="price" label={t('catalogue.priceCredits')} rules={[{ required: true, message: t('form.required') }]}>
        <InputNumber min={0.01} max={1_000_000} precision={2} style={{ width: 180 }} />
      </Form.Item>
      <div className="ka-form-row">
        {TEXTS.map((field) => (
          <Form.Item key={field} name={field} label={t(`catalogue.fields.${field}`)} rules={[{ required: true, whitespace: true, message: t('form.required') }, { max: 64 }]}>
            <Input maxLength={64} />
          </Form.Item>
        ))}
      </div>
      <div className="ka-form-row">
        {INFOS.map((field) => (
          <Form.Item key={field} name={field} label={t(`catalogue.fields.${field}`)} rules={[{ max: 500 }]}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        ))}
      </div>
      <Form.Item
        name="image"
        label={t('catalogue.image')}
        valuePropName="fileList"
        getValueFromEvent={(e: { fileList: UploadFile[] }) => e.fileList.slice(-1)}
        extra={editing ? t('catalogue.imageKeep') : t('catalogue.imageHint')}
        rules={editing ? [] : [{ required: true, message: t('catalogue.imageRequired') }]}
      >
        <Upload accept="image/png,image/jpeg,image/webp,image/gif" listType="picture" maxCount={1} beforeUpload={() => false}>
          <Button icon={<UploadOutlined />}>{t('catalogue.chooseImage')}</Button>
        </Upload>
      </Form.Item>
      <Form.Item name="sort" label={t('catalogue.sort')}>
        <InputNumber min={0} max={1_000_000} precision={0} />
      </Form.Item>
      <Form.Item name="active" label={t('catalogue.active')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </ActionDialog>
  );
}
