import { z } from 'zod';
import { BackPhotosWire } from '../wire/member.js';
import { PhotoPageWire, PhotoWire } from '../wire/photo.js';
import { defineCall } from './define.js';
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

/** What a client sends to delete a photo: the spec's `id`, or the photo's `pid` itself. */
type DeletePhotoInput = { id: number | string } | { pid: number | string };

/** The spec sends the photo's pid as `id`; `pid` itself is accepted too. */
export const DeletePhotoBody = z.preprocess(
  (raw: DeletePhotoInput) => (raw && typeof raw === 'object' && !('id' in raw) && 'pid' in raw ? { ...raw, id: (raw as { pid: unknown }).pid } : raw),
  z.object({ id: id() }),
);
export type DeletePhotoBody = z.infer<typeof DeletePhotoBody>;

export const ReleaseBackPhotoBody = z.object({ img: requiredText(300) });
export type ReleaseBackPhotoBody = z.infer<typeof ReleaseBackPhotoBody>;

export const DeleteBackPhotoBody = z.object({ id: id() });
export type DeleteBackPhotoBody = z.infer<typeof DeleteBackPhotoBody>;

export const myPhotos = defineCall({ path: '/member/photo/my_photo', body: PhotoListBody, answer: PhotoPageWire, access: 'member' });
export const hisPhotos = defineCall({ path: '/member/photo/his_photo', body: HisPhotoBody, answer: PhotoPageWire, access: 'member', permission: 'View_photo' });
export const photoRelease = defineCall({ path: '/member/photo/released', body: ReleasePhotoBody, answer: PhotoWire, access: 'member', permission: 'Upload_photo' });
export const photoDelete = defineCall({ path: '/member/photo/del_photo', body: DeletePhotoBody, answer: z.null(), access: 'member' });

/** Background photos answer the member's backgrounds afterwards. */
export const backPhotoRelease = defineCall({
  path: '/member/backphoto/released',
  body: ReleaseBackPhotoBody,
  answer: BackPhotosWire,
  access: 'member',
  permission: 'Upload_photo',
});
export const backPhotoDelete = defineCall({ path: '/member/backphoto/deletephoto', body: DeleteBackPhotoBody, answer: BackPhotosWire, access: 'member' });
