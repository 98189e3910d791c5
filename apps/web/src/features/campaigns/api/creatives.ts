import type { AdCreative, AdMedia, FileComplete, FilePolicy } from '@murmur/core/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@murmur/core/errors';
import { readCookie } from '@/lib/cookies';
import { request, type BodyOf } from '@/lib/request';
import { sendWithXhr } from '@/lib/xhr-upload';

/** The body as the server's route schema takes it (core's z.input type leaves the media id unknown). */
type CreateAdCreative = BodyOf<'POST', '/api/ad-creatives/'>;

const creativesKey = (team: string) => ['ad-creatives', team] as const;
const mediaKey = (team: string) => ['ad-media', team] as const;

/** GET /api/ad-creatives/?team= */
export const useCreatives = (team: string) =>
  useQuery({
    queryKey: creativesKey(team),
    queryFn: ({ signal }): Promise<AdCreative[]> =>
      request.get('/api/ad-creatives/', { query: { team }, signal }),
  });
export const useCreateCreative = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAdCreative): Promise<AdCreative> => request.post('/api/ad-creatives/', { body }),
    onSuccess: (_d, body) => queryClient.invalidateQueries({ queryKey: creativesKey(body.team) }),
  });
};
export const useDeleteCreative = (team: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pk: number): Promise<void> => request.delete('/api/ad-creatives/:pk/', { params: { pk } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: creativesKey(team) }),
  });
};

/** GET /api/ad-media/?team= */
export const useMediaLibrary = (team: string) =>
  useQuery({
    queryKey: mediaKey(team),
    queryFn: ({ signal }): Promise<AdMedia[]> => request.get('/api/ad-media/', { query: { team }, signal }),
  });
export const useDeleteMedia = (team: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pk: number): Promise<void> => request.delete('/api/ad-media/:pk/', { params: { pk } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaKey(team) }),
  });
};

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
  const policy: FilePolicy = await request.post('/api/api/files/policy/', {
    body: { team, filename: file.name, content_type: file.type as FileComplete['mime'], size: file.size },
  });
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
  const done: FileComplete = await request.post('/api/api/files/complete/', { body: { key: policy.key } });
  return request.post('/api/ad-media/', { body: { team, file: done.key, name: file.name } });
}
export const useUploadMedia = (team: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ upload, onProgress }: { upload: File; onProgress: (share: number) => void }) =>
      uploadMedia(team, upload, onProgress),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mediaKey(team) }),
  });
};
