import { DeleteBackPhotoBody, DeletePhotoBody, HisPhotoBody, PhotoListBody, ReleaseBackPhotoBody, ReleasePhotoBody } from '@kindred/protocol';
import { ok } from '../../http/envelope.js';
import type { Router } from '../../http/router.js';
import { presentBackPhotos, presentPhoto, presentPhotoPage } from './photos.presenter.js';
import type { PhotosService } from './photos.service.js';

export function photosRoutes(router: Router, photos: PhotosService) {
  router.post('/member/photo/my_photo', { body: PhotoListBody }, async ({ body, member }) => ok(presentPhotoPage(await photos.mine(member, body))));

  router.post('/member/photo/his_photo', { body: HisPhotoBody, permission: 'View_photo' }, async ({ body, member }) =>
    ok(presentPhotoPage(await photos.ofMember(member, body.userid, body))),
  );

  router.post('/member/photo/released', { body: ReleasePhotoBody, permission: 'Upload_photo' }, async ({ body, member }) =>
    ok(presentPhoto(await photos.release(member, body.img)), 'Upload success'),
  );

  router.post('/member/photo/del_photo', { body: DeletePhotoBody }, async ({ body, member }) => {
    await photos.delete(member, body.id);
    return ok(null, 'Deleted');
  });

  router.post('/member/backphoto/released', { body: ReleaseBackPhotoBody, permission: 'Upload_photo' }, async ({ body, member }) =>
    ok(presentBackPhotos(await photos.releaseBackground(member, body.img)), 'Upload success'),
  );

  router.post('/member/backphoto/deletephoto', { body: DeleteBackPhotoBody }, async ({ body, member }) =>
    ok(presentBackPhotos(await photos.deleteBackground(member, body.id)), 'Deleted'),
  );
}
