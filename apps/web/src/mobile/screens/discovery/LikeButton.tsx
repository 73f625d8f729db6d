import { Button } from 'antd-mobile';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../api/errors';
import { useToggleLikeMutation } from '../../../api/likes';
import { useSession } from '../../../state/session';
import { HeartIcon } from '../../icons';
import { toastFail, toastSuccess } from '../../toast';
import './discovery.css';

/**
 * Follow / cancel follow (docs/product-rules.md §4): is_like changes after the server's answer, in every list
 * and profile at once. `compact` is the round heart of a member row. Hidden on yourself.
 */
export function LikeButton({ member, compact = false }: { member: { id: number; is_like: number }; compact?: boolean }) {
  const { t } = useTranslation('mobile');
  const errorText = useErrorText();
  const me = useSession((s) => s.user?.id);
  const toggle = useToggleLikeMutation();
  if (member.id === me) return null;
  const liked = member.is_like === 1;
  const label = t(liked ? 'discovery.unfollow' : 'discovery.follow');
  const onClick = (event: MouseEvent) => {
    // Rows are links to the profile: a tap on the heart must not open it.
    event.preventDefault();
    event.stopPropagation();
    if (toggle.isPending) return;
    toggle.mutate(member.id, {
      onSuccess: (answer) => toastSuccess(t(answer.is_like ? 'discovery.followed' : 'discovery.unfollowed')),
      onError: (error) => toastFail(errorText(error)),
    });
  };
  return (
    <Button
      className={`m-like${liked ? ' is-liked' : ''}${compact ? ' is-compact' : ''}`}
      shape="rounded"
      size={compact ? 'mini' : 'middle'}
      color={liked ? 'default' : 'primary'}
      fill={liked ? 'outline' : 'solid'}
      loading={toggle.isPending}
      aria-pressed={liked}
      aria-label={compact ? label : undefined}
      data-testid="like-toggle"
      data-liked={liked ? 1 : 0}
      onClick={onClick}
    >
      <HeartIcon className="m-like-icon" fill={liked ? 'currentColor' : 'none'} />
      {compact ? null : <span>{label}</span>}
    </Button>
  );
}
