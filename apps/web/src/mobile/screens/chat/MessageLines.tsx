import type { MessageWire } from '@kindred/protocol';
import { DotLoading } from 'antd-mobile';
import { Fragment, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { isMine, lineKey, startsTimeGroup } from '../../../chat/message-lines';
import type { ChatLine } from '../../../chat/use-chat';
import { RelativeTime } from '../../../ui/RelativeTime';
import { MessageBubble } from './MessageBubble';
import type { Translation } from './use-translations';
import '../discovery/discovery.css';

export interface MessageLinesProps {
  lines: ChatLine[];
  loaded: boolean;
  more: boolean;
  meId: number;
  self: { name: string; avatar: string };
  peer: { name: string; avatar: string };
  empty: ReactNode;
  translations: Record<number, Translation>;
  onLoadEarlier: () => void;
  onTranslate: (message: MessageWire) => void;
  onRetry: (clientId: string) => void;
  /** The scroller's ref and scroll handler, from useStickToBottom. */
  scroll: { ref: RefObject<HTMLDivElement | null>; onScroll: () => void };
}

/** The scrolling conversation: "load earlier" on top, time labels, bubbles; stays at the bottom unless scrolled up. */
export function MessageLines({ lines, loaded, more, meId, self, peer, empty, translations, onLoadEarlier, onTranslate, onRetry, scroll }: MessageLinesProps) {
  const { t } = useTranslation('mobile');
  const firstKey = lines.length ? lineKey(lines[0]!) : undefined;
  // Waiting for older lines while the oldest on screen is still the one we asked before.
  const [earlierFrom, setEarlierFrom] = useState<string | undefined>();
  const loadingEarlier = more && earlierFrom !== undefined && earlierFrom === firstKey;

  // Pending lines carry no server time, so they neither get a label nor start a group.
  let previous: number | undefined;
  return (
    <div className="m-chat-lines" ref={scroll.ref} onScroll={scroll.onScroll} data-testid="chat-lines">
      <div className="m-chat-lines-inner">
        {more && loaded ? (
          <button
            type="button"
            className="m-chat-earlier"
            disabled={loadingEarlier}
            onClick={() => {
              setEarlierFrom(firstKey);
              onLoadEarlier();
            }}
            data-testid="chat-load-earlier"
          >
            {loadingEarlier ? <DotLoading color="currentColor" /> : t('chat.loadEarlier')}
          </button>
        ) : loaded && lines.length ? (
          <p className="m-chat-note">{t('chat.beginning')}</p>
        ) : null}
        {!loaded && !lines.length ? (
          <div className="m-list-state" role="status" aria-label={t('chat.loading')}>
            <DotLoading color="primary" />
          </div>
        ) : null}
        {loaded && !lines.length ? <div className="m-chat-empty">{empty}</div> : null}
        {lines.map((line) => {
          const at = line.kind === 'stored' ? line.message.create_time : 0;
          const label = at > 0 && startsTimeGroup(previous, at);
          if (at > 0) previous = at;
          const mine = isMine(line, meId);
          return (
            <Fragment key={lineKey(line)}>
              {label ? (
                <div className="m-chat-time">
                  <RelativeTime seconds={at} />
                </div>
              ) : null}
              <MessageBubble
                line={line}
                mine={mine}
                author={mine ? self : peer}
                translation={line.kind === 'stored' ? translations[line.message.id] : undefined}
                onTranslate={onTranslate}
                onRetry={onRetry}
              />
            </Fragment>
          );
        })}
      </div>
    </div>
  );
}
