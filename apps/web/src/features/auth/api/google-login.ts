import type { SignInResponse } from '@murmur/core/api';
import { request } from '../../../lib/request';

export interface CodeBody {
  code: string;
  redirect_uri: string;
}

/** POST /rest-auth/google/ — signs in (or registers) with Google's authorization code. */
export const googleLogin = (body: CodeBody): Promise<SignInResponse> =>
  request.post<SignInResponse>('/rest-auth/google/', { body });
