import type { AdMedia } from '@murmur/core/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@murmur/core/errors';
import { readCookie } from '@/lib/cookies';
import { sendWithXhr } from '@/lib/xhr-upload';
import { completeFile } from './complete-file';
import { createMedia } from './create-media';
import { getFilePolicy } from './file-policy';
import { mediaKey } from './get-media';

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};
const sameOrigin = (url: string) => new URL(url, window.location.href).origin === window.location.origin;
const csrfHeader = (): Record<string, string> => {
  const token = readCookie('csrftoken');
  return token ? { 'X-CSRFToken': token } : {};
};

/**
 * SPEC §7 File upload: a signed policy, the file posted straight to where it says (the store, with
 * progress), `complete` to check it, then the media library entry.
 */
export async function uploadMedia(
  team: string,
  file: File,
  onProgress: (share: number) => void,
): Promise<AdMedia> {
  const policy = await getFilePolicy(team, file);
  const form = new FormData();
  for (const [name, value] of Object.entries(policy.fields)) form.append(name, value);
  form.append('file', file);
  const sent = await sendWithXhr(new XMLHttpRequest(), {
    method: 'POST',
    url: policy.url,
    // Our own upload route (files on disk) is an API call like any other and needs the CSRF header;
    // a store elsewhere (S3) gets a plain form post, as its policy expects.
    headers: sameOrigin(policy.url) ? csrfHeader() : {},
    body: form,
    signal: undefined,
    onProgress: (loaded, total) => onProgress(total > 0 ? loaded / total : 0),
  });
  if (sent.status >= 400) throw new ApiError(sent.status, parseJson(sent.text));
  const done = await completeFile(policy.key);
  return createMedia(team, done.key, file.name);
}
export const useUploadMedia = (team: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ upload, onProgress }: { upload: File; onProgress: (share: number) => void }) =>
      uploadMedia(team, upload, onProgress),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mediaKey(team) }),
  });
};
