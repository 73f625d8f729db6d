import { Button, DotLoading } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './discovery.css';

/** Loading dots while a list's first page is on its way. */
export function ListLoading() {
  const { t } = useTranslation();
  return (
    <div className="m-list-state" role="status" aria-label={t('messages.loading')}>
      <DotLoading color="primary" />
    </div>
  );
}

/** An empty or failed list: a short sentence, an optional action (retry, upgrade, post…). */
export function ListMessage({ text, action, onAction, testId }: { text: ReactNode; action?: string; onAction?: () => void; testId?: string }) {
  return (
    <div className="m-list-state" data-testid={testId}>
      <svg viewBox="0 0 24 24" width="56" height="56" fill="none" stroke="currentColor" strokeWidth="1.4" aria-hidden="true">
        <path d="M12 21s-7-4.4-9.3-9A5.5 5.5 0 0 1 12 6a5.5 5.5 0 0 1 9.3 6c-2.3 4.6-9.3 9-9.3 9Z" />
      </svg>
      <p>{text}</p>
      {action && onAction ? (
        <Button size="small" shape="rounded" color="primary" fill="outline" onClick={onAction}>
          {action}
        </Button>
      ) : null}
    </div>
  );
}
