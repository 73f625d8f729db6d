import { EMOTICONS } from '@kindred/protocol';
import { useTranslation } from 'react-i18next';
import { EMOTICON_SIZE, emoticonUrl } from './emoticon-url';
import './emoticons.css';

/**
 * A grid of every emoticon; `onPick` gets the code (`Smile`), the caller inserts `[Smile]` where it
 * wants. Kit-free on purpose: /m, /w and the chat all place it in their own popup.
 */
export function EmoticonPicker({ onPick, className }: { onPick: (code: string) => void; className?: string }) {
  const { t } = useTranslation();
  return (
    <div className={className ? `k-emo-picker ${className}` : 'k-emo-picker'} role="group" aria-label={t('emoticons.picker')} data-testid="emoticon-picker">
      {EMOTICONS.map(({ code }) => (
        <button key={code} type="button" className="k-emo-button" title={code} aria-label={code} data-code={code} onClick={() => onPick(code)}>
          <img src={emoticonUrl(code)} alt="" width={EMOTICON_SIZE} height={EMOTICON_SIZE} loading="lazy" draggable={false} />
        </button>
      ))}
    </div>
  );
}

/** Puts `[code]` into `text` at the caret (or at the end), answering the new text and caret. */
export function insertEmoticon(text: string, code: string, caret: number | null | undefined = text.length): { text: string; caret: number } {
  const at = Math.min(Math.max(caret ?? text.length, 0), text.length);
  const token = `[${code}]`;
  return { text: text.slice(0, at) + token + text.slice(at), caret: at + token.length };
}
