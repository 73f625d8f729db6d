import { z } from 'zod';
import { id, pageNumber, requiredText } from './fields.js';

/** Newest first; `before` is the `next_before` of the previous answer (or count with `page`). */
export const PhotoListBody = z.object({
  before: id().optional(),
  page: pageNumber(),
});
export type PhotoListBody = z.infer<typeof PhotoListBody>;

export const HisPhotoBody = PhotoListBody.extend({ userid: id() });
export type HisPhotoBody = z.infer<typeof HisPhotoBody>;

/** `img` is a path /member/index/uploads (dir photo or dynamic) answered to this member. */
export const ReleasePhotoBody = z.object({ img: requiredText(300) });
export type ReleasePhotoBody = z.infer<typeof ReleasePhotoBody>;

/** The spec sends the photo's pid as `id`; `pid` itself is accepted too. */
export const DeletePhotoBody = z.preprocess(
  (raw) => (raw && typeof raw === 'object' && !('id' in raw) && 'pid' in raw ? { ...raw, id: (raw as { pid: unknown }).pid } : raw),
  z.object({ id: id() }),
);
export type DeletePhotoBody = z.infer<typeof DeletePhotoBody>;

export const ReleaseBackPhotoBody = z.object({ img: requiredText(300) });
export type ReleaseBackPhotoBody = z.infer<typeof ReleaseBackPhotoBody>;

export const DeleteBackPhotoBody = z.object({ id: id() });
export type DeleteBackPhotoBody = z.infer<typeof DeleteBackPhotoBody>;
