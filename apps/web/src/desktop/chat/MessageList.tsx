import { HistoryOutlined } from '@ant-design/icons';
import { Button, Empty, Spin } from 'antd';
import { Fragment, useEffect, useLayoutEffect, useRef, useState, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatLine } from '../../chat/use-chat';
import { useRelativeTime } from '../../ui/RelativeTime';
import { isMine, lineKey, lineSeconds, startsTimeGroup } from '../../chat/message-lines';
import { MessageBubble } from './MessageBubble';

/** docs/product-rules.md §4: new lines scroll into view unless the member scrolled up more than this. */
const STICK_PX = 20;

interface MessageListProps {
  lines: ChatLine[];
  loaded: boolean;
  more: boolean;
  me: number | undefined;
  peer: { username: string; avatar: string };
  onHistory: () => void;
  onRetry: (clientId: string) => void;
  onTranslate?: (text: string) => void;
  /** No "say hello" when there are no messages: the refused conversation says why it cannot start. */
  quiet?: boolean;
}

/**
 * The conversation's messages, oldest first, with the "history" button while older ones exist.
 * Older pages keep the reader's place; new lines follow the bottom only if the reader is there,
 * except the member's own new message, which always comes into view.
 */
export function MessageList({ lines, loaded, more, me, peer, onHistory, onRetry, onTranslate, quiet = false }: MessageListProps) {
  const { t } = useTranslation('desktop');
  const format = useRelativeTime();
  const box = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const seen = useRef({ first: '', last: '', height: 0 });
  const [askedHistory, setAskedHistory] = useState(false);

  const first = lines[0] ? lineKey(lines[0]) : '';
  const lastLine = lines[lines.length - 1];
  const last = lastLine ? lineKey(lastLine) : '';

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const before = seen.current;
    if (before.first && first !== before.first && last === before.last) {
      // An older page arrived above: keep the same messages under the reader's eyes.
      el.scrollTop += el.scrollHeight - before.height;
      setAskedHistory(false);
    } else if (stick.current || (last !== before.last && lastLine?.kind === 'pending')) {
      el.scrollTop = el.scrollHeight;
      stick.current = true;
    }
    seen.current = { first, last, height: el.scrollHeight };
  }, [first, last, lastLine, lines.length]);

  // The translate box or a taller input shrinks the list: a reader at the bottom stays there.
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (stick.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    stick.current = el.scrollHeight - el.scrollTop - el.clientHeight <= STICK_PX;
    seen.current.height = el.scrollHeight;
  };

  // Images grow the list after they load; the bottom stays in view if the reader was there.
  const onImageLoad = () => {
    const el = box.current;
    if (!el) return;
    if (stick.current) el.scrollTop = el.scrollHeight;
    seen.current.height = el.scrollHeight;
  };

  const history = () => {
    setAskedHistory(true);
    onHistory();
  };

  return (
    <div className="kd-chat-messages" ref={box} onScroll={onScroll} data-testid="chat-messages">
      {loaded && more ? (
        <div className="kd-chat-history">
          <Button size="small" shape="round" icon={<HistoryOutlined />} loading={askedHistory} onClick={history} data-testid="chat-history">
            {t('chat.history')}
          </Button>
        </div>
      ) : null}
      {!loaded && !lines.length ? <Spin className="kd-chat-messages-spin" /> : null}
      {loaded && !lines.length && !quiet ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chat.noMessages')} /> : null}
      {lines.map((line, i) => {
        const seconds = lineSeconds(line);
        const previous = lines[i - 1];
        const label = startsTimeGroup(previous ? lineSeconds(previous) : undefined, seconds);
        return (
          <Fragment key={lineKey(line)}>
            {label ? <div className="kd-chat-time">{format(seconds)}</div> : null}
            <MessageBubble line={line} mine={isMine(line, me)} peer={peer} onRetry={onRetry} onTranslate={onTranslate} onImageLoad={onImageLoad} />
          </Fragment>
        );
      })}
    </div>
  );
}
