import type { MessageWire, TranslateTarget } from '@kindred/protocol';
import { useState } from 'react';
import { useErrorText } from '../../../api/errors';
import { useTranslateMutation } from '../../../api/translate';
import { toastFail } from '../../toast';

export type Translation = { status: 'loading' } | { status: 'done'; dst: string; to: TranslateTarget; charged: number };

/**
 * Translations of received messages, by message id, shown under their bubbles. A failure
 * (insufficient credits, no provider for the pair) is told and leaves nothing behind.
 */
export function useTranslations() {
  const mutation = useTranslateMutation();
  const errorText = useErrorText();
  const [items, setItems] = useState<Record<number, Translation>>({});

  const translate = async (message: MessageWire, to: TranslateTarget) => {
    setItems((s) => ({ ...s, [message.id]: { status: 'loading' } }));
    try {
      // mutateAsync: each call keeps its own answer when the member translates several at once.
      const answer = await mutation.mutateAsync({ content: message.content, to });
      setItems((s) => ({ ...s, [message.id]: { status: 'done', dst: answer.dst, to, charged: answer.charged } }));
    } catch (error) {
      setItems(({ [message.id]: _dropped, ...rest }) => rest);
      toastFail(errorText(error));
    }
  };

  return { items, translate };
}
