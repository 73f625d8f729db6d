import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** An address under /admin that leads nowhere. */
export function AdminNotFound() {
  const { t } = useTranslation('admin');
  return (
    <Result
      status="404"
      title={t('notFound.title')}
      subTitle={t('notFound.text')}
      extra={
        <Link to="/admin/dashboard">
          <Button type="primary">{t('notFound.home')}</Button>
        </Link>
      }
    />
  );
}
