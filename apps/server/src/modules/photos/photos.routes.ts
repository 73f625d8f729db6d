import { backPhotoDelete, backPhotoRelease, hisPhotos, myPhotos, photoDelete, photoRelease } from '@kindred/protocol';
import { ok } from '../../http/envelope.js';
import type { Router } from '../../http/router.js';
import { presentBackPhotos, presentPhoto, presentPhotoPage } from './photos.presenter.js';
import type { PhotosService } from './photos.service.js';

export function photosRoutes(router: Router, photos: PhotosService) {
  router.handle(myPhotos, async ({ body, member }) => ok(presentPhotoPage(await photos.mine(member, body))));

  router.handle(hisPhotos, async ({ body, member }) => ok(presentPhotoPage(await photos.ofMember(member, body.userid, body))));

  router.handle(photoRelease, async ({ body, member }) => ok(presentPhoto(await photos.release(member, body.img)), 'Upload success'));

  router.handle(photoDelete, async ({ body, member }) => {
    await photos.delete(member, body.id);
    return ok(null, 'Deleted');
  });

  router.handle(backPhotoRelease, async ({ body, member }) => ok(presentBackPhotos(await photos.releaseBackground(member, body.img)), 'Upload success'));

  router.handle(backPhotoDelete, async ({ body, member }) => ok(presentBackPhotos(await photos.deleteBackground(member, body.id)), 'Deleted'));
}
