import { EmptyBody, UploadsFields, type UploadWire } from '@kindred/protocol';
import { ok } from '../../http/envelope.js';
import type { Router } from '../../http/router.js';
import type { UploadsService } from './uploads.service.js';

export function uploadsRoutes(router: Router, uploads: UploadsService, limit: { max: number; timeWindow: string }) {
  router.post('/member/index/uploads', { body: UploadsFields, rateLimit: limit }, async ({ body, files, member }) => {
    const url = await uploads.upload(member, files.file ?? files.img, body);
    return ok<UploadWire>({ url });
  });

  /** The avatar crop's output; the spec reads "data path", so the answer names it both ways. */
  router.post('/member/index/uploadImg', { body: EmptyBody, rateLimit: limit }, async ({ files, member }) => {
    const url = await uploads.uploadAvatar(member, files.img ?? files.file);
    return ok({ url, path: url });
  });
}
