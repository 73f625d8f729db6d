import { useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toastFail } from '../../toast';

/**
 * A hidden `<input type=file>` that accepts images only (docs/product-rules.md §5): spread `inputProps` on it,
 * call `open()` from a button; `onImage` gets the chosen image. The same file can be chosen again.
 */
export function useImageInput(onImage: (file: File) => void) {
  const { t } = useTranslation();
  const ref = useRef<HTMLInputElement>(null);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) return toastFail(t('errors.not_an_image'));
    onImage(file);
  };
  return { open: () => ref.current?.click(), inputProps: { ref, type: 'file', accept: 'image/*', hidden: true, onChange } as const };
}
