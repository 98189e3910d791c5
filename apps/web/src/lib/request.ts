import type { ApiRouteKey, ApiRoutes } from '@murmur/core/api';
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

// ---- Routes (@murmur/core/api's ApiRoutes, generated from the server's OpenAPI document by
// `npm run generate:api`, docs/decisions/001-route-types.md): what each call may send and what it reads ----

/** The paths of the routes that answer this method, with the server's `:param` placeholders. */
export type PathOf<M extends Method> = ApiRouteKey extends infer K
  ? K extends `${M} ${infer P}`
    ? P
    : never
  : never;
type RouteAt<M extends Method, P extends string> = ApiRoutes[`${M} ${P}` & ApiRouteKey];
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
type RequiredKeys<T> = { [K in keyof T]-?: undefined extends T[K] ? never : K }[keyof T];

/** The options of one route's call: its params, body and query as the server's route schemas declare them. */
export type RouteOptions<M extends Method, P extends string, R = RouteAt<M, P>> = Omit<
  RequestOptions,
  'body' | 'query'
> &
  ([ParamNames<P>] extends [never]
    ? { params?: never }
    : { params: R extends { params: infer X } ? X : Record<ParamNames<P>, string | number> }) &
  (R extends { body: infer B } ? { body: B } : { body?: never }) &
  (R extends { query: infer Q } ? { query?: Q } : { query?: never });

type RouteArgs<M extends Method, P extends string> = [RequiredKeys<RouteOptions<M, P>>] extends [never]
  ? [options?: RouteOptions<M, P>]
  : [options: RouteOptions<M, P>];

/** The body a route takes (a screen's form state can be typed by it). */
export type BodyOf<M extends Method, P extends PathOf<M>> = RouteOptions<M, P>['body'];

/** What a route answers (the server checks its answers against the same schema). */
export type ResponseOf<M extends Method, P extends string> =
  RouteAt<M, P> extends { response: infer T } ? T : never;

type RouteCall<M extends Method> = <P extends PathOf<M>>(
  path: P,
  ...args: RouteArgs<M, P>
) => Promise<ResponseOf<M, P>>;

/** '/api/teams/:slug/' + {slug: 'a b'} → '/api/teams/a%20b/'. */
export const fillParams = (path: string, params: Record<string, string | number> = {}): string =>
  path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));

export interface RequestDeps {
  apiRoot: () => string;
  /** The token sent as `Authorization: Token <token>`: on the pro-targeting site the signed-in user's
   * pro-targeting token, else the fixed one of signed-out visitors (SPEC §6). */
  token: () => string | null;
  csrfToken: () => string | null;
  fetch: typeof fetch;
  createXhr: () => XMLHttpRequest;
  inFlight: InFlightTracker;
}

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

/**
 * The untyped transport under the typed client: sends and answers `unknown`. Only the client below
 * and tests use it; screens call routes through `request`.
 */
export const createTransport = (deps: RequestDeps) =>
  async function send(method: Method, path: string, options: RequestOptions = {}): Promise<unknown> {
    const url = `${deps.apiRoot()}${path}${buildQueryString(options.query ?? {})}`;
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = deps.token();
    if (token !== null && token !== '') headers.Authorization = `Token ${token}`;
    // SPEC §6: every request carries the CSRF header (the server checks it on unsafe methods).
    const csrf = deps.csrfToken();
    if (csrf !== null && csrf !== '') headers['X-CSRFToken'] = csrf;

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
      return parsed;
    } finally {
      call.end();
    }
  };

/**
 * The typed client: `request.post('/api/build-audience/', { body })` takes only the body that route
 * takes and answers what it answers (@murmur/core/api's ApiRoutes), so a wrong body, a missing param
 * or a field the server does not send is a compile error.
 */
export const createRequest = (deps: RequestDeps) => {
  const send = createTransport(deps);
  const route =
    <M extends Method>(method: M): RouteCall<M> =>
    (path, ...[options]) =>
      // The one cast between the wire and the types: the server answers through the same schemas.
      send(method, fillParams(path, options?.params), {
        ...options,
        query: options?.query as Query | undefined,
      }) as Promise<never>;
  return {
    get: route('GET'),
    post: route('POST'),
    put: route('PUT'),
    patch: route('PATCH'),
    delete: route('DELETE'),
  };
};

export type RequestClient = ReturnType<typeof createRequest>;

/** SPEC §7: the API root differs when the page host is the premium analytics tool. */
export const apiRootFor = (hostname: string): string =>
  config.premiumDomains.some((domain) => hostname.includes(domain)) ? config.premiumApiRoot : config.apiRoot;

let visitorToken: string | null = null;

/**
 * SPEC §6: the token of signed-out visitors' calls — the pro-targeting flavour sets the fixed
 * pro-targeting token here (app/flavours/pro/app.tsx); a signed-in user's own token goes first.
 */
export const setVisitorToken = (token: string | null | undefined): void => {
  visitorToken = token ?? null;
};

/** The token `request` sends (the user's own, else the visitor's), for calls made with plain fetch. */
export const currentToken = (): string | null => personalStore.get().token ?? visitorToken;

/**
 * SPEC §7: the second API root, of the targeting service — VITE_TARGETING_API_URL, or the page's
 * own API root when unset (this server serves the targeting routes).
 */
export const targetingRootFor = (hostname: string): string => config.targetingApiRoot || apiRootFor(hostname);

/** The app's one request helper. */
export const request: RequestClient = createRequest({
  apiRoot: () => apiRootFor(window.location.hostname),
  token: currentToken,
  csrfToken: () => readCookie('csrftoken'),
  fetch: (input, init) => window.fetch(input, init),
  createXhr: () => new XMLHttpRequest(),
  inFlight,
});

/**
 * The targeting service's calls (its country, interest and location lists): the second API root,
 * with the service's fixed token (SPEC §6) rather than the user's — the lists are the same for
 * everyone, and the token reaches those routes only.
 */
export const targetingRequest: RequestClient = createRequest({
  apiRoot: () => targetingRootFor(window.location.hostname),
  token: () => config.targetingToken ?? null,
  csrfToken: () => readCookie('csrftoken'),
  fetch: (input, init) => window.fetch(input, init),
  createXhr: () => new XMLHttpRequest(),
  inFlight,
});
