import { networkError } from './network-error';

export interface XhrRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: FormData;
  signal: AbortSignal | undefined;
  onProgress: (loaded: number, total: number) => void;
}

export interface XhrResponse {
  status: number;
  text: string;
  contentType: string | null;
}

/** Sends a multipart upload with XMLHttpRequest, the one browser API that reports upload progress. */
export const sendWithXhr = (xhr: XMLHttpRequest, request: XhrRequest): Promise<XhrResponse> =>
  new Promise((resolve, reject) => {
    if (request.signal?.aborted === true) {
      reject(new DOMException('The operation was aborted.', 'AbortError'));
      return;
    }
    xhr.open(request.method, request.url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) request.onProgress(event.loaded, event.total);
    });
    xhr.addEventListener('load', () =>
      resolve({
        status: xhr.status,
        text: xhr.responseText,
        contentType: xhr.getResponseHeader('content-type'),
      }),
    );
    xhr.addEventListener('error', () => reject(networkError()));
    xhr.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
    request.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(request.body);
  });
