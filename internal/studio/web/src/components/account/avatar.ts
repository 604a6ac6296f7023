// avatar.ts: uploads a profile picture through the REST shim (PUT
// /v1/user/profile/avatar, multipart field "file"): GraphQL's updateAvatar takes
// an Upload, which the console's JSON-only gql() cannot send.
import { ApiError, gql } from '../../api';
import { session } from '../../session';

async function put(file: File): Promise<Response> {
  const body = new FormData();
  body.append('file', file);
  const token = session.get()?.accessToken;
  return fetch('/v1/user/profile/avatar', {
    method: 'PUT',
    headers: token ? { Authorization: 'Bearer ' + token } : {},
    body,
  });
}

/** Uploads file as the signed-in user's avatar; rejects with an ApiError saying why it was refused. */
export async function uploadAvatar(file: File): Promise<void> {
  let res: Response;
  try {
    res = await put(file);
    if (res.status === 401) {
      // The access token expired: a GraphQL call trades the refresh token for a new one.
      await gql('ProfileMe');
      res = await put(file);
    }
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw new ApiError('The server cannot be reached. Check your connection and try again.', 'NETWORK');
  }
  if (res.ok) return;
  let message = `The server answered ${res.status}.`;
  let field = '';
  try {
    const body = await res.json();
    message = body.errors?.[0]?.message || body.message || message;
    field = body.errors?.[0]?.field || '';
  } catch { /* not JSON: keep the status */ }
  throw new ApiError(message, 'HTTP_' + res.status, field);
}
