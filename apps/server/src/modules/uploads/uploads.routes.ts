import { avatarUpload, imageUpload } from '@kindred/protocol';
import { ok } from '../../http/envelope.js';
import type { Router } from '../../http/router.js';
import type { UploadsService } from './uploads.service.js';

/** Both calls take a file (imageUpload: Upload_photo for dir photo, as adding it to the album needs). */
export function uploadsRoutes(router: Router, uploads: UploadsService, limit: { max: number; timeWindow: string }) {
  router.handle(
    imageUpload,
    async ({ body, files, member }) => {
      const url = await uploads.upload(member, files.file ?? files.img, body);
      return ok({ url });
    },
    { rateLimit: limit },
  );

  /** The avatar crop's output; the spec reads "data path", so the answer names it both ways. */
  router.handle(
    avatarUpload,
    async ({ files, member }) => {
      const url = await uploads.uploadAvatar(member, files.img ?? files.file);
      return ok({ url, path: url });
    },
    { rateLimit: limit },
  );
}
