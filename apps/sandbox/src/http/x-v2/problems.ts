/** X API v2 error shapes (https://api.x.com/2/problems/…), thrown by handlers and sent by the plugin. */
export const PROBLEMS = 'https://api.x.com/2/problems/';

export class XProblem extends Error {
  constructor(
    readonly status: number,
    readonly body: object,
  ) {
    super(`X API problem ${status}`);
  }
}

export interface ParameterError {
  parameters: Record<string, string[]>;
  message: string;
}

/** 400: X lists every bad parameter in `errors`, each with the parameter and a message. */
export const invalidRequest = (errors: ParameterError[]): XProblem =>
  new XProblem(400, {
    errors,
    title: 'Invalid Request',
    detail: 'One or more parameters to your request was invalid.',
    type: `${PROBLEMS}invalid-request`,
  });

export const invalidParameter = (name: string, value: string, message: string): XProblem =>
  invalidRequest([{ parameters: { [name]: [value] }, message }]);

const plain = (status: number, title: string, detail = title, type = 'about:blank'): XProblem =>
  new XProblem(status, { title, type, status, detail });

export const unauthorized = (): XProblem => plain(401, 'Unauthorized');
export const tooManyRequests = (): XProblem => plain(429, 'Too Many Requests');
export const forbidden = (detail: string): XProblem => plain(403, 'Forbidden', detail);

export const unsupportedAuthentication = (): XProblem =>
  plain(
    403,
    'Unsupported Authentication',
    'Authenticating with OAuth 2.0 Application-Only is forbidden for this endpoint.  Supported authentication types are [OAuth 1.0a User Context, OAuth 2.0 User Context].',
    `${PROBLEMS}unsupported-authentication`,
  );

/** An entry of a 200 response's `errors` for a resource that does not exist. */
export const notFoundError = (resourceType: string, parameter: string, value: string) => ({
  value,
  detail: `Could not find ${resourceType} with ${parameter}: [${value}].`,
  title: 'Not Found Error',
  resource_type: resourceType,
  parameter,
  resource_id: value,
  type: `${PROBLEMS}resource-not-found`,
});

/** An entry of a 200 response's `errors` for a protected account's data the caller may not see. */
export const notAuthorizedError = (resourceType: string, parameter: string, value: string) => ({
  value,
  detail: `Sorry, you are not authorized to see the ${resourceType} with ${parameter}: [${value}].`,
  title: 'Authorization Error',
  resource_type: resourceType,
  parameter,
  resource_id: value,
  section: 'data',
  type: `${PROBLEMS}not-authorized-for-resource`,
});

/** A 200 whose only content is `errors` (X answers "not found" for a single lookup this way). */
export class PartialError extends Error {
  constructor(readonly errors: object[]) {
    super('X API partial error');
  }
}
