import type { ChangeSignatureBody, Language, ProfileBody, UserWire } from '@kindred/protocol';
import {
  avatarUpload,
  holdsPermission,
  imageUpload,
  initData,
  languageSet,
  profileUpdate,
  signatureChange,
  userInfo,
  visibilitySet,
  type PermissionFlag,
} from '@kindred/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '../state/session';
import { call } from './client';

export const accountKeys = {
  all: ['account'] as const,
  me: () => [...accountKeys.all, 'me'] as const,
  initData: () => [...accountKeys.all, 'initdata'] as const,
};

/** The member's own record, refreshed from the server and mirrored into the session store. */
export function useUserInfoQuery() {
  const token = useSession((s) => s.token);
  const setUser = useSession((s) => s.setUser);
  const query = useQuery({
    queryKey: accountKeys.me(),
    queryFn: () => call(userInfo),
    enabled: Boolean(token),
    staleTime: 30_000,
  });
  useEffect(() => {
    if (query.data) setUser(query.data);
  }, [query.data, setUser]);
  return query;
}

export function useInitDataQuery() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: accountKeys.initData(),
    queryFn: () => call(initData),
    enabled: Boolean(token),
    staleTime: 5 * 60_000,
  });
}

/** Permissions are re-derived from vip after each user-info refresh (docs/product-rules.md §4). */
export function usePermission(flag: PermissionFlag): boolean | undefined {
  const user = useSession((s) => s.user);
  const { data } = useInitDataQuery();
  if (!user || !data) return undefined;
  return holdsPermission(user, data.authority, flag);
}

function useAccountMutation<V>(fn: (v: V) => Promise<UserWire>) {
  const qc = useQueryClient();
  const setUser = useSession((s) => s.setUser);
  return useMutation({
    mutationFn: fn,
    onSuccess: (user) => {
      setUser(user);
      qc.setQueryData(accountKeys.me(), user);
    },
  });
}

export type ProfileInput = Omit<ProfileBody, 'avatar2'>;
export const useProfileMutation = () => useAccountMutation((body: ProfileInput) => call(profileUpdate, body));
export const useChangeSignatureMutation = () =>
  useAccountMutation((body: ChangeSignatureBody) => call(signatureChange, body));
export const useLanguageMutation = () => useAccountMutation((lang: Language) => call(languageSet, { lang }));

/** The crop widget's 300x300 png. */
export const useUploadAvatarMutation = () =>
  useMutation({ mutationFn: (img: Blob) => call(avatarUpload, { img }).then((d) => d.url) });

/** Uploads an image through the server's pipeline and answers its URL; album and feed calls take it as `img`. */
export const uploadImage = (file: Blob, dir: 'dynamic' | 'photo') =>
  call(imageUpload, { file, dir }).then((d) => d.url);

export const useUploadMutation = () =>
  useMutation({ mutationFn: ({ file, dir }: { file: Blob; dir: 'dynamic' | 'photo' }) => uploadImage(file, dir) });

/** Women may hide their online status (docs/product-rules.md §4); the live connection later mirrors it. */
export const useVisibilityMutation = () =>
  useAccountMutation((isYin: 0 | 1) => call(visibilitySet, { is_yin: isYin }));
