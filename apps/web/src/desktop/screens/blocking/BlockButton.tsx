import { StopOutlined } from '@ant-design/icons';
import { Button, Tooltip, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBlockActions } from './use-block-member';

/**
 * "Block" on a profile or a chat: asks first, then blocks and calls `onBlocked` (the caller closes
 * the profile or the conversation). `compact` is the icon-only form of the small chat windows.
 */
export function BlockButton({ member, onBlocked, compact = false, size }: { member: { id: number; username: string }; onBlocked: () => void; compact?: boolean; size?: ButtonProps['size'] }) {
  const { t } = useTranslation('desktop');
  const { block } = useBlockActions();
  const label = t('blocking.blockMember', { name: member.username });
  const onClick = () => void block(member).then((done) => done && onBlocked());
  if (compact)
    return (
      <Tooltip title={label}>
        <Button type="text" size="small" danger icon={<StopOutlined />} aria-label={label} onClick={(e) => (e.stopPropagation(), onClick())} data-testid="chat-block" />
      </Tooltip>
    );
  return (
    <Button type="text" size={size} danger icon={<StopOutlined />} onClick={onClick} data-testid="block-member">
      {t('blocking.block')}
    </Button>
  );
}
