import { HeartFilled, HeartOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import type { ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../api/errors';
import { useToggleLikeMutation } from '../../../api/likes';
import { useSession } from '../../../state/session';

/** Follow / cancel follow; the state changes after the server's answer, in every list at once. Hidden on yourself. */
export function FollowButton({ member, ...props }: { member: { id: number; is_like: number } } & Omit<ButtonProps, 'onClick'>) {
  const { t } = useTranslation('desktop');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const me = useSession((s) => s.user?.id);
  const toggle = useToggleLikeMutation();
  if (member.id === me) return null;
  const liked = member.is_like === 1;
  const onClick = () =>
    toggle.mutate(member.id, {
      onSuccess: (answer) => void message.success(t(answer.is_like ? 'members.followed' : 'members.unfollowed')),
      onError: (error) => void message.error(errorText(error)),
    });
  return (
    <Button
      className={liked ? 'kd-follow is-liked' : 'kd-follow'}
      type={liked ? 'default' : 'primary'}
      icon={liked ? <HeartFilled /> : <HeartOutlined />}
      loading={toggle.isPending}
      aria-pressed={liked}
      data-testid="follow-toggle"
      data-liked={liked ? 1 : 0}
      onClick={onClick}
      {...props}
    >
      {t(liked ? 'members.unfollow' : 'members.follow')}
    </Button>
  );
}
