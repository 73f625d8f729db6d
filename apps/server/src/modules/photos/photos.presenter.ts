import type { BackPhotosWire, PhotoPageWire, PhotoWire } from '@kindred/protocol';
import type { BackPhotoRow, PhotoRow } from './photos.repository.js';
import type { PhotoPage } from './photos.service.js';

export function presentPhoto(row: PhotoRow): PhotoWire {
  return { pid: row.id, img: row.img, mid: row.user_id, avatar: row.avatar, username: row.username, create_time: Math.floor(row.created_at / 1000) };
}

export function presentPhotoPage(page: PhotoPage): PhotoPageWire {
  const last = page.rows[page.rows.length - 1];
  return { data: page.rows.map(presentPhoto), has_more: page.hasMore ? 1 : 0, next_before: page.hasMore && last ? last.id : 0 };
}

export function presentBackPhotos(rows: BackPhotoRow[]): BackPhotosWire {
  return { backphotos: rows.map(({ id, img }) => ({ id, img })) };
}
