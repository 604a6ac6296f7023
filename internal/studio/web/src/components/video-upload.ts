// video-upload.ts: runs a persisted mutation with one file, as a GraphQL
// multipart request (the multipart request spec the server's /graphql takes:
// operations, map, then the file), for the caption uploads of a video's page.
// api.ts's gql sends JSON only, so files go through here.
import documents from 'studio:operations';
import { ApiError, gql, type Operation } from '../api';
import { session } from '../session';

async function send(name: Operation, variables: Record<string, unknown>, file: Blob, fileName: string) {
  const body = new FormData();
  body.append('operations', JSON.stringify({ operationName: name, query: documents[name], variables: { ...variables, file: null } }));
  body.append('map', JSON.stringify({ 0: ['variables.file'] }));
  body.append('0', file, fileName);
  const headers: Record<string, string> = {};
  const token = session.get()?.accessToken;
  if (token) headers.Authorization = 'Bearer ' + token;
  let res: Response;
  try {
    res = await fetch('/graphql', { method: 'POST', headers, body });
  } catch {
    throw new ApiError('The server cannot be reached. Check your connection and try again.', 'NETWORK');
  }
  if (res.status === 413) throw new ApiError('The file is too large for the server.', 'TOO_LARGE', 'file');
  if (!(res.headers.get('Content-Type') || '').includes('json')) throw new ApiError(`The server answered ${res.status}.`, 'HTTP_' + res.status);
  return res.json();
}

/**
 * Runs the persisted mutation name with file as its $file variable; resolves to
 * its data, rejects with an ApiError. An expired access token is renewed (by an
 * ordinary query through api.ts, which trades the refresh token) and the upload
 * sent once more.
 */
export async function gqlUpload<T = any>(name: Operation, variables: Record<string, unknown>, file: Blob, fileName: string): Promise<T> {
  let r = await send(name, variables, file, fileName);
  if (r.errors?.[0]?.extensions?.code === 'UNAUTHENTICATED' && session.get()) {
    await gql('Organizations').catch(() => null);
    r = await send(name, variables, file, fileName);
  }
  if (r.errors?.length) {
    const e = r.errors[0];
    throw new ApiError(e.message, e.extensions?.code || 'ERROR', e.extensions?.field || '', e.extensions?.retryAfter || 0);
  }
  return r.data as T;
}
