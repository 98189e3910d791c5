import { ApiError, NETWORK_ERROR_MESSAGE } from '@murmur/core/errors';
import { describe, expect, it, vi } from 'vitest';
import { createInFlightTracker } from './in-flight';
import { createRequest, createTransport, fillParams, type RequestDeps } from './request';

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** A stand-in XMLHttpRequest that records what was sent and lets the test drive progress and load. */
class FakeXhr {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  withCredentials = false;
  status = 0;
  responseText = '';
  body: unknown;
  private listeners: Record<string, (() => void)[]> = {};
  private uploadListeners: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void)[] =
    [];
  upload = {
    addEventListener: (
      _type: string,
      listener: (event: { lengthComputable: boolean; loaded: number; total: number }) => void,
    ) => this.uploadListeners.push(listener),
  };
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: () => void) {
    (this.listeners[type] ??= []).push(listener);
  }
  getResponseHeader() {
    return 'application/json';
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.listeners.abort?.forEach((listener) => listener());
  }
  progress(loaded: number, total: number) {
    this.uploadListeners.forEach((listener) => listener({ lengthComputable: true, loaded, total }));
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.listeners.load?.forEach((listener) => listener());
  }
}

const setup = (overrides: Partial<RequestDeps> = {}) => {
  const fetch = vi.fn<typeof globalThis.fetch>(() => Promise.resolve(json(200, { ok: true })));
  const xhr = new FakeXhr();
  const inFlight = createInFlightTracker();
  const deps: RequestDeps = {
    apiRoot: () => 'https://api.example',
    token: () => null,
    csrfToken: () => 'csrf-123',
    fetch,
    createXhr: () => xhr as unknown as XMLHttpRequest,
    inFlight,
    ...overrides,
  };
  return { request: createRequest(deps), send: createTransport(deps), fetch, xhr, inFlight };
};

describe('request helper', () => {
  it('sends GETs with cookies and the query string (arrays repeated, empty values skipped)', async () => {
    const { send, fetch } = setup();
    await expect(
      send('GET', '/api/teams/', { query: { a: [1, 2], empty: '', none: null, q: 'x y' } }),
    ).resolves.toEqual({
      ok: true,
    });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('https://api.example/api/teams/?a=1&a=2&q=x%20y');
    expect(init?.credentials).toBe('include');
    expect(init?.method).toBe('GET');
    // SPEC §6: every request carries the CSRF header, safe methods too.
    expect((init?.headers as Record<string, string>)['X-CSRFToken']).toBe('csrf-123');
  });

  it('sends JSON bodies with the CSRF token', async () => {
    const { request, fetch } = setup();
    await request.post('/api/teams/', { body: { name: 'Acme' } });
    const init = fetch.mock.calls[0]![1]!;
    const headers = init.headers as Record<string, string>;
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"name":"Acme"}');
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers['X-CSRFToken']).toBe('csrf-123');
  });

  it('adds the personal token as an Authorization header when there is one', async () => {
    const { request, fetch } = setup({ token: () => 'tok' });
    await request.get('/api/external/standalone-me/standalone_me/');
    expect((fetch.mock.calls[0]![1]!.headers as Record<string, string>).Authorization).toBe('Token tok');
  });

  it('throws ApiError with the status and parsed body for responses of 400 and more', async () => {
    const { request } = setup({
      fetch: () => Promise.resolve(json(400, { confirm_code: ['Invalid login code'] })),
    });
    const error = await request
      .post('/api/user/magic-link/use/', { body: { magic_code: 'm', confirm_code: '' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).body).toEqual({ confirm_code: ['Invalid login code'] });
    expect((error as ApiError).message).toBe('Confirm code: Invalid login code');
  });

  it('turns a network failure into an error with the SPEC message', async () => {
    const { request } = setup({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    const error = await request.get('/api/teams/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
    expect((error as ApiError).message).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('returns undefined for an empty (204) response', async () => {
    const { request } = setup({ fetch: () => Promise.resolve(new Response(null, { status: 204 })) });
    await expect(
      request.delete('/api/audience-configs/:pk/', { params: { pk: 1 } }),
    ).resolves.toBeUndefined();
  });

  it('counts calls in flight', async () => {
    let resolve!: (response: Response) => void;
    const { request, inFlight } = setup({ fetch: () => new Promise((r) => (resolve = r)) });
    const pending = request.get('/api/teams/');
    expect(inFlight.count).toBe(1);
    resolve(json(200, []));
    await pending;
    expect(inFlight.count).toBe(0);
  });

  it('uploads files with XMLHttpRequest and reports progress', async () => {
    const { send, xhr } = setup();
    const onUploadProgress = vi.fn();
    const pending = send('POST', '/api/ad-media/', {
      files: { file: new Blob(['abc']) },
      body: { name: 'logo' },
      onUploadProgress,
    });
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('https://api.example/api/ad-media/');
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.headers['X-CSRFToken']).toBe('csrf-123');
    expect(xhr.body).toBeInstanceOf(FormData);
    expect((xhr.body as FormData).get('name')).toBe('logo');
    expect((xhr.body as FormData).get('file')).toBeInstanceOf(Blob);
    xhr.progress(50, 100);
    expect(onUploadProgress).toHaveBeenCalledWith({ loaded: 50, total: 100 });
    xhr.respond(201, { id: 7 });
    await expect(pending).resolves.toEqual({ id: 7 });
  });

  it('rejects an upload answered with an error status', async () => {
    const { send, xhr } = setup();
    const pending = send('POST', '/api/ad-media/', { formData: new FormData() });
    xhr.respond(403, { detail: 'Nope.' });
    await expect(pending).rejects.toMatchObject({ status: 403, message: 'Nope.' });
  });

  it('fills route params into the path, encoded', async () => {
    const { request, fetch } = setup();
    await request.get('/api/teams/:slug/members/', { params: { slug: 'a b/c' } });
    expect(fetch.mock.calls[0]![0]).toBe('https://api.example/api/teams/a%20b%2Fc/members/');
    expect(fillParams('/api/teams/:team_id/invites/accept/', { team_id: 7 })).toBe(
      '/api/teams/7/invites/accept/',
    );
  });

  it('types every call by its route in @murmur/core/api (checked by tsc, not at run time)', () => {
    const { request } = setup();
    // Each line below is a compile error; `tsc -p apps/web` fails if one of them stops being one.
    const calls = () => [
      // @ts-expect-error a path the API does not have
      request.get('/api/no-such-route/'),
      // @ts-expect-error a route's method must match (PUT /api/teams/ does not exist)
      request.put('/api/teams/', { body: { name: 'Acme' } }),
      // @ts-expect-error a body the route does not take
      request.post('/api/build-audience/', { body: { package: {} } }),
      // @ts-expect-error the body is required
      request.post('/api/teams/'),
      // @ts-expect-error a route with params needs them
      request.get('/api/teams/:slug/'),
      // @ts-expect-error GET routes take no body
      request.get('/api/teams/', { body: {} }),
      // @ts-expect-error the provider is one of the code-flow providers
      request.post('/rest-auth/myspace/', { body: { code: 'c', redirect_uri: 'u' } }),
      request.post('/api/external/handle-analysis/', { body: { handle: 'x' } }).then((analysis) => {
        // top_hashtags is what the server sends ({tag, count}[]), not an unknown panel
        const tags: string[] = analysis.top_hashtags.map((hashtag) => hashtag.tag);
        // @ts-expect-error a field the server does not send
        const mentions: unknown = analysis.top_mentions;
        return [tags, mentions];
      }),
    ];
    expect(typeof calls).toBe('function');
  });
});
