import { LIMITS } from '@kindred/protocol';
import { useState } from 'react';
import { usePermission, useUploadMutation } from '../api/account';
import { useReleaseTrendMutation } from '../api/trends';
import { insertEmoticon } from './emoticons/EmoticonPicker';

/**
 * A trend being written on either interface: its text and image, and the rules for posting it
 * (permission, not empty, not longer than the limit) in one place so /m and /w cannot drift apart.
 */
export function useTrendDraft() {
  const allowed = usePermission('Allows_newsfeed_to_be_sent');
  const upload = useUploadMutation();
  const release = useReleaseTrendMutation();
  const [content, setContent] = useState('');
  const [img, setImg] = useState('');

  /** The i18n key of why the draft cannot be posted yet, or null when it can. */
  const blocker = allowed === false ? 'common:errors.no_permission' : !content.trim() && !img ? 'common:errors.content_empty' : null;

  /** Puts an emoticon code at `caret`; answers the caret after it, or null when the text would grow past the limit. */
  const insert = (code: string, caret: number | null | undefined): number | null => {
    const next = insertEmoticon(content, code, caret);
    if (next.text.length > LIMITS.trendContentMax) return null;
    setContent(next.text);
    return next.caret;
  };

  const uploadImage = (file: File, onError: (error: unknown) => void) => upload.mutate({ file, dir: 'dynamic' }, { onSuccess: setImg, onError });

  const post = () => release.mutateAsync({ content, img });

  const reset = () => {
    setContent('');
    setImg('');
  };

  return { content, setContent, img, setImg, insert, uploadImage, uploading: upload.isPending, posting: release.isPending, blocker, post, reset };
}
