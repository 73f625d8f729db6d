import {
  backPhotoDelete,
  backPhotoRelease,
  hisPhotos,
  myPhotos,
  photoDelete,
  photoRelease,
  type MemberDetailWire,
  type PhotoPageWire,
  type PhotoWire,
} from '@kindred/protocol';
import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../state/session';
import { uploadImage } from './account';
import { call } from './client';
import { retryUnanswered } from './retry';
import { memberKeys } from './members';

export const photoKeys = {
  all: ['photos'] as const,
  /** The viewer's own album (my_photo) when `userId` is theirs, else his_photo. */
  album: (userId: number) => [...photoKeys.all, 'album', userId] as const,
};

/** Every photo of the loaded pages, newest first. */
export const flattenPhotos = (data: InfiniteData<PhotoPageWire> | undefined): PhotoWire[] => (data?.pages ?? []).flatMap((p) => p.data);

/** A member's album (his_photo needs View_photo; your own id reads my_photo), paged with `before`. */
export function usePhotosInfiniteQuery(userId: number | undefined) {
  const token = useSession((s) => s.token);
  const me = useSession((s) => s.user?.id);
  const own = userId != null && userId === me;
  return useInfiniteQuery({
    queryKey: photoKeys.album(userId ?? 0),
    queryFn: ({ pageParam }) =>
      own
        ? call(myPhotos, { before: pageParam || undefined })
        : call(hisPhotos, { userid: userId!, before: pageParam || undefined }),
    initialPageParam: 0,
    getNextPageParam: (last: PhotoPageWire) => (last.has_more && last.next_before ? last.next_before : undefined),
    enabled: Boolean(token) && userId != null && userId > 0,
    staleTime: 30_000,
    retry: retryUnanswered,
  });
}

/** Uploads an image file (dir 'photo') then adds it to the viewer's album (`mutate(file)`, needs Upload_photo). */
export function useUploadPhotoMutation() {
  const qc = useQueryClient();
  const me = useSession((s) => s.user?.id);
  return useMutation({
    mutationFn: async (file: Blob) => call(photoRelease, { img: await uploadImage(file, 'photo') }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: photoKeys.album(me ?? 0) }),
  });
}

/** Deletes one of the viewer's own photos (`mutate(pid)`): it leaves the cached album at once. */
export function useDeletePhotoMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (pid: number) => call(photoDelete, { id: pid }),
    onSuccess: (_data, pid) => {
      qc.setQueriesData<InfiniteData<PhotoPageWire>>({ queryKey: photoKeys.all }, (old) =>
        old ? { ...old, pages: old.pages.map((p) => ({ ...p, data: p.data.filter((photo) => photo.pid !== pid) })) } : old,
      );
      void qc.invalidateQueries({ queryKey: photoKeys.all });
    },
  });
}

/** Uploads an image file and adds it to the viewer's background photos (`mutate(file)`); the profile updates. */
export function useUploadBackPhotoMutation() {
  const qc = useQueryClient();
  const me = useSession((s) => s.user?.id);
  return useMutation({
    mutationFn: async (file: Blob) => call(backPhotoRelease, { img: await uploadImage(file, 'photo') }),
    onSuccess: ({ backphotos }) => {
      qc.setQueryData<MemberDetailWire>(memberKeys.detail(me ?? 0), (old) => (old ? { ...old, backphotos } : old));
    },
  });
}

/** Deletes one of the viewer's background photos (`mutate(id)`); the profile updates. */
export function useDeleteBackPhotoMutation() {
  const qc = useQueryClient();
  const me = useSession((s) => s.user?.id);
  return useMutation({
    mutationFn: (id: number) => call(backPhotoDelete, { id }),
    onSuccess: ({ backphotos }) => {
      qc.setQueryData<MemberDetailWire>(memberKeys.detail(me ?? 0), (old) => (old ? { ...old, backphotos } : old));
    },
  });
}
