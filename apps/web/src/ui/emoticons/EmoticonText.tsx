import { parseEmoticons } from '@kindred/protocol';
import { useMemo } from 'react';
import { EMOTICON_SIZE, emoticonUrl } from './emoticon-url';
import './emoticons.css';

/**
 * Member text with its `[Smile]` codes as pictures. Everything else is rendered as text by React:
 * never HTML, whatever the member wrote.
 */
export function EmoticonText({ text, className }: { text: string; className?: string }) {
  const parts = useMemo(() => parseEmoticons(text), [text]);
  return (
    <span className={className ? `k-emo-text ${className}` : 'k-emo-text'}>
      {parts.map((part, i) =>
        part.type === 'text' ? (
          part.text
        ) : (
          <img key={i} className="k-emo" src={emoticonUrl(part.code)} alt={`[${part.code}]`} title={part.code} width={EMOTICON_SIZE} height={EMOTICON_SIZE} draggable={false} />
        ),
      )}
    </span>
  );
}
