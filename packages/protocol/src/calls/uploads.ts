import { z } from 'zod';
import { AvatarUploadWire, UploadWire } from '../wire/user.js';
import { defineCall, EmptyBody } from './define.js';

export const UPLOAD_DIRS = ['dynamic', 'photo'] as const;
export const UploadsFields = z.object({ dir: z.enum(UPLOAD_DIRS).default('dynamic') });
export type UploadsFields = z.infer<typeof UploadsFields>;

/**
 * An image for a trend (dir dynamic) or the album (dir photo), in the field `file` (or `img`). An
 * image for the album needs Upload_photo, as adding it to the album does.
 */
export const imageUpload = defineCall({
  path: '/member/index/uploads',
  body: UploadsFields,
  answer: UploadWire,
  access: 'member',
  files: ['file', 'img'],
  permissionFor: (body) => (body.dir === 'photo' ? 'Upload_photo' : undefined),
});

/** The avatar crop's output, in the field `img` (or `file`). */
export const avatarUpload = defineCall({ path: '/member/index/uploadImg', body: EmptyBody, answer: AvatarUploadWire, access: 'member', files: ['img', 'file'] });
