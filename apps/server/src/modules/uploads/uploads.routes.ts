import { EmptyBody, UploadsFields, type UploadWire } from '@kindred/protocol';
import { ok } from '../../http/envelope.js';
import type { Router } from '../../http/router.js';
import type { UploadsService } from './uploads.service.js';

export function uploadsRoutes(router: Router, uploads: UploadsService, limit: { max: number; timeWindow: string }) {
  // An image for the album (dir photo) needs Upload_photo, as adding it to the album does.
  const uploadsSpec = { body: UploadsFields, rateLimit: limit, files: ['file', 'img'], permissionFor: (body: UploadsFields) => (body.dir === 'photo' ? 'Upload_photo' : undefined) } as const;
  router.post('/member/index/uploads', uploadsSpec, async ({ body, files, member }) => {
    const url = await uploads.upload(member, files.file ?? files.img, body);
    return ok<UploadWire>({ url });
  });

  /** The avatar crop's output; the spec reads "data path", so the answer names it both ways. */
  router.post('/member/index/uploadImg', { body: EmptyBody, rateLimit: limit, files: ['img', 'file'] }, async ({ files, member }) => {
    const url = await uploads.uploadAvatar(member, files.img ?? files.file);
    return ok({ url, path: url });
  });
}
