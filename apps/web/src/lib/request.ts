import { buildQueryString } from '@murmur/core/http';
import { ApiError } from '@murmur/core/errors';
import { config } from './config';
import { readCookie } from './cookies';
import { inFlight, type InFlightTracker } from './in-flight';
import { networkError } from './network-error';
import { personalStore } from './personal-store';
import { sendWithXhr } from './xhr-upload';

/** SPEC §7: query values; arrays are repeated, empty values skipped (see @murmur/core/http). */
export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | readonly QueryValue[]>;

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface RequestOptions {
  query?: Query;
  /** Sent as JSON, or as form fields when files are uploaded. */
  body?: unknown;
  /** Files to upload as multipart form data (field name → file). */
  files?: Record<string, Blob>;
  /** A ready-made form to upload as is. */
  formData?: FormData;
  onUploadProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestDeps {
  apiRoot: () => string;
  /** The personal token (pro-targeting sign-in), sent as `Authorization: Token <token>`. */
  token: () => string | null;
  csrfToken: () => string | null;
  fetch: typeof fetch;
  createXhr: () => XMLHttpRequest;
  inFlight: InFlightTracker;
}

const UNSAFE: ReadonlySet<Method> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const parseBody = (text: string, contentType: string | null): unknown => {
  if (text === '') return undefined;
  if (contentType?.includes('json') === true) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
};

const toFormData = (options: RequestOptions): FormData => {
  const form = options.formData ?? new FormData();
  if (options.body !== undefined && options.body !== null && typeof options.body === 'object') {
    for (const [key, value] of Object.entries(options.body as Record<string, unknown>)) {
      if (value === undefined || value === null) continue;
      form.append(key, typeof value === 'string' || value instanceof Blob ? value : JSON.stringify(value));
    }
  }
  for (const [key, file] of Object.entries(options.files ?? {})) form.append(key, file);
  return form;
};

export const createRequest = (deps: RequestDeps) => {
  const send = async <T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> => {
    const url = `${deps.apiRoot()}${path}${buildQueryString(options.query ?? {})}`;
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = deps.token();
    if (token !== null && token !== '') headers.Authorization = `Token ${token}`;
    const csrf = deps.csrfToken();
    if (UNSAFE.has(method) && csrf !== null && csrf !== '') headers['X-CSRFToken'] = csrf;

    const isUpload =
      options.files !== undefined || options.formData !== undefined || options.onUploadProgress !== undefined;
    const call = deps.inFlight.begin();
    try {
      let status: number;
      let text: string;
      let contentType: string | null;
      if (isUpload) {
        // fetch() cannot report upload progress; XMLHttpRequest can.
        const response = await sendWithXhr(deps.createXhr(), {
          method,
          url,
          headers,
          body: toFormData(options),
          signal: options.signal,
          onProgress: (loaded, total) => {
            call.progress(loaded, total);
            options.onUploadProgress?.({ loaded, total });
          },
        });
        ({ status, text, contentType } = response);
      } else {
        const hasBody = options.body !== undefined;
        if (hasBody) headers['Content-Type'] = 'application/json';
        let response: Response;
        try {
          response = await deps.fetch(url, {
            method,
            headers,
            credentials: 'include',
            body: hasBody ? JSON.stringify(options.body) : undefined,
            signal: options.signal,
          });
        } catch (error) {
          if (options.signal?.aborted === true) throw error;
          throw networkError();
        }
        status = response.status;
        contentType = response.headers.get('content-type');
        try {
          text = await response.text();
        } catch (error) {
          if (options.signal?.aborted === true) throw error;
          throw networkError();
        }
      }
      const parsed = parseBody(text, contentType);
      if (status >= 400) throw new ApiError(status, parsed);
      return parsed as T;
    } finally {
      call.end();
    }
  };

  return {
    get: <T>(path: string, options?: Omit<RequestOptions, 'body' | 'files' | 'formData'>) =>
      send<T>('GET', path, options),
    post: <T>(path: string, options?: RequestOptions) => send<T>('POST', path, options),
    put: <T>(path: string, options?: RequestOptions) => send<T>('PUT', path, options),
    patch: <T>(path: string, options?: RequestOptions) => send<T>('PATCH', path, options),
    delete: <T>(path: string, options?: RequestOptions) => send<T>('DELETE', path, options),
  };
};

export type RequestClient = ReturnType<typeof createRequest>;

/** SPEC §7: the API root differs when the page host is the premium analytics tool. */
export const apiRootFor = (hostname: string): string =>
  config.premiumDomains.some((domain) => hostname.includes(domain)) ? config.premiumApiRoot : config.apiRoot;

/** The app's one request helper. */
export const request: RequestClient = createRequest({
  apiRoot: () => apiRootFor(window.location.hostname),
  token: () => personalStore.get().token,
  csrfToken: () => readCookie('csrftoken'),
  fetch: (input, init) => window.fetch(input, init),
  createXhr: () => new XMLHttpRequest(),
  inFlight,
});
