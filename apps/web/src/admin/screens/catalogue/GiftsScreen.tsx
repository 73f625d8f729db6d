import { PlusOutlined } from '@ant-design/icons';
import type { GiftAdminWire, GiftCategoryAdminWire } from '@kindred/protocol';
import { Button, Card, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminGiftsQuery, useGiftCategoriesQuery, useGiftCategoryDeleteMutation, useGiftDeleteMutation } from '../../../api/admin-catalogue';
import { ErrorAlert } from '../../components/ErrorAlert';
import { useCatalogueDelete } from '../../components/use-catalogue-feedback';
import { formatCredits, localName } from '../../format';
import { CategoryDialog } from './CategoryDialog';
import { GiftDialog } from './GiftDialog';

/** Gift categories and the gifts in the chosen one: add, edit (with a new picture), delete. */
export function GiftsScreen() {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language;
  const categories = useGiftCategoriesQuery();
  const [categoryId, setCategoryId] = useState<number | undefined>();
  const gifts = useAdminGiftsQuery(categoryId);
  const deleteCategory = useGiftCategoryDeleteMutation();
  const deleteGift = useGiftDeleteMutation();
  const confirmDelete = useCatalogueDelete();
  const [category, setCategory] = useState<GiftCategoryAdminWire | 'new' | null>(null);
  const [gift, setGift] = useState<GiftAdminWire | 'new' | null>(null);

  const categoryColumns: ColumnsType<GiftCategoryAdminWire> = [
    {
      title: t('catalogue.name'),
      key: 'name',
      render: (_, c) => (
        <Button type="link" size="small" style={{ padding: 0 }} aria-pressed={c.id === categoryId} onClick={() => setCategoryId(c.id === categoryId ? undefined : c.id)}>
          {localName(c, 'name', lang)}
        </Button>
      ),
    },
    { title: t('catalogue.gifts'), dataIndex: 'gifts', width: 80, align: 'right' },
    { title: t('catalogue.sort'), dataIndex: 'sort', width: 70, align: 'right' },
    {
      title: t('catalogue.actions'),
      key: 'actions',
      width: 150,
      render: (_, c) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setCategory(c)}>
            {t('actions.edit')}
          </Button>
          <Button type="link" size="small" danger onClick={() => confirmDelete(localName(c, 'name', lang), () => deleteCategory.mutateAsync({ id: c.id }))}>
            {t('actions.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  const giftColumns: ColumnsType<GiftAdminWire> = [
    { title: t('catalogue.image'), dataIndex: 'path', width: 80, render: (path: string, g) => <img src={path} alt={localName(g, 'title', lang)} width={48} height={48} style={{ objectFit: 'contain' }} /> },
    { title: t('catalogue.title'), key: 'title', render: (_, g) => localName(g, 'title', lang) },
    { title: t('catalogue.category'), dataIndex: 'category_id', render: (id: number) => { const c = categories.data?.find((x) => x.id === id); return c ? localName(c, 'name', lang) : `#${id}`; } },
    { title: t('catalogue.price'), dataIndex: 'price', width: 110, align: 'right', render: (p: number) => formatCredits(p, lang) },
    { title: t('catalogue.active'), dataIndex: 'active', width: 100, render: (a: number) => (a ? <Tag color="green">{t('catalogue.on')}</Tag> : <Tag>{t('catalogue.off')}</Tag>) },
    { title: t('catalogue.sort'), dataIndex: 'sort', width: 70, align: 'right' },
    {
      title: t('catalogue.actions'),
      key: 'actions',
      width: 150,
      render: (_, g) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setGift(g)}>
            {t('actions.edit')}
          </Button>
          <Button type="link" size="small" danger onClick={() => confirmDelete(localName(g, 'title', lang), () => deleteGift.mutateAsync({ id: g.id }))}>
            {t('actions.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className="ka-split" data-testid="admin-gifts">
      <Card title={t('catalogue.categories')} extra={<Button icon={<PlusOutlined />} onClick={() => setCategory('new')}>{t('catalogue.addCategory')}</Button>}>
        {categories.isError ? <ErrorAlert error={categories.error} /> : null}
        <Table<GiftCategoryAdminWire>
          rowKey="id"
          size="small"
          columns={categoryColumns}
          dataSource={categories.data}
          loading={categories.isFetching}
          pagination={false}
          rowClassName={(c) => (c.id === categoryId ? 'ka-row-selected' : '')}
        />
      </Card>
      <Card
        title={categoryId ? t('catalogue.giftsIn', { name: localName(categories.data?.find((c) => c.id === categoryId) ?? {}, 'name', lang) }) : t('catalogue.allGifts')}
        extra={
          <Space>
            {categoryId ? <Button onClick={() => setCategoryId(undefined)}>{t('catalogue.showAll')}</Button> : null}
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setGift('new')} disabled={!categories.data?.length}>
              {t('catalogue.addGift')}
            </Button>
          </Space>
        }
      >
        {gifts.isError ? <ErrorAlert error={gifts.error} /> : null}
        <Table<GiftAdminWire> rowKey="id" size="small" columns={giftColumns} dataSource={gifts.data} loading={gifts.isFetching} pagination={{ pageSize: 20, hideOnSinglePage: true }} />
      </Card>
      <CategoryDialog category={category} onClose={() => setCategory(null)} />
      <GiftDialog gift={gift} categories={categories.data ?? []} defaultCategory={categoryId} onClose={() => setGift(null)} />
    </div>
  );
}
