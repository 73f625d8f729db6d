import { accountDelete, accountExport, ERRORS, exportFileName, type Envelope } from '@kindred/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getToken, useSession } from '../state/session';
import { ApiError, call } from './client';

/**
 * Deleting one's account and taking one's data (docs/product-rules.md). After a deletion the
 * server has ended every session: the browser forgets the member and every cached answer.
 */
export function useDeleteAccountMutation() {
  const qc = useQueryClient();
  const clear = useSession((s) => s.clear);
  return useMutation({
    mutationFn: (password: string) => call(accountDelete, { password }),
    onSuccess: () => {
      clear();
      qc.clear();
    },
  });
}

/**
 * The export is a ZIP, not an envelope, so it is fetched here rather than through `call`: the
 * token goes in the Authorization header (never in a URL, which logs and history keep), the answer
 * becomes a Blob and the browser saves it under the server's file name.
 */
export async function downloadMyData(): Promise<void> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(accountExport.path, { method: 'POST', headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError(0, undefined, 'network');
  }
  if (!(response.headers.get('content-type') ?? '').startsWith('application/zip')) {
    const envelope = (await response.json().catch(() => null)) as Envelope | null;
    if (envelope?.status === ERRORS.unauthorized.status) useSession.getState().clear();
    throw new ApiError(envelope?.status ?? response.status, envelope?.error ?? 'internal', envelope?.msg ?? response.statusText);
  }
  const blob = await response.blob();
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? exportFileName(useSession.getState().user?.username ?? 'member');
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export const useDownloadMyDataMutation = () => useMutation({ mutationFn: downloadMyData });
