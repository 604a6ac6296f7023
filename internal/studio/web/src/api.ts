// api.ts: the console's only way to the server: the persisted GraphQL documents
// of src/operations (validated against the schema at build time) sent to
// POST /graphql, and subscriptions over graphql-ws on the same path.
import documents from 'studio:operations';
import { createClient, type Client } from 'graphql-ws';
import { session, signIn, signOut } from './session';

/** The name of a persisted operation. */
export type Operation = keyof typeof documents;

/** An error the API answered: its code (extensions.code), and the input field it names. */
export class ApiError extends Error {
  code: string;
  field: string;
  retryAfter: number;
  constructor(message: string, code: string, field = '', retryAfter = 0) {
    super(message);
    this.code = code;
    this.field = field;
    this.retryAfter = retryAfter;
  }
}

interface GraphQLError {
  message: string;
  extensions?: { code?: string; field?: string; retryAfter?: number };
}

/** A file sent as the variable named by its key (GraphQL multipart request). */
export interface FileVariable {
  variable: string;
  file: Blob;
  name: string;
}

async function post(name: Operation, variables: object, token?: string, upload?: FileVariable): Promise<{ data?: any; errors?: GraphQLError[] }> {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = 'Bearer ' + token;
  let body: BodyInit;
  if (upload) {
    // The GraphQL multipart request: operations, map, then the file.
    const form = new FormData();
    form.append('operations', JSON.stringify({ operationName: name, query: documents[name], variables: { ...variables, [upload.variable]: null } }));
    form.append('map', JSON.stringify({ 0: ['variables.' + upload.variable] }));
    form.append('0', upload.file, upload.name);
    body = form;
  } else {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify({ operationName: name, query: documents[name], variables });
  }
  let res: Response;
  try {
    res = await fetch('/graphql', { method: 'POST', headers, body });
  } catch {
    throw new ApiError('The server cannot be reached. Check your connection and try again.', 'NETWORK');
  }
  if (res.status === 413) throw new ApiError('The file is too large for the server.', 'TOO_LARGE', upload?.variable || '');
  const type = res.headers.get('Content-Type') || '';
  if (!type.includes('json')) throw new ApiError(`The server answered ${res.status}.`, 'HTTP_' + res.status);
  return res.json();
}

let refreshing: Promise<boolean> | null = null;

/** Trades the refresh token for a new pair, once for every caller waiting on it. */
function refresh(): Promise<boolean> {
  const t = session.get();
  if (!t) return Promise.resolve(false);
  refreshing ??= post('RefreshToken', { refreshToken: t.refreshToken })
    .then((r) => {
      if (r.data?.refreshToken) {
        signIn(r.data.refreshToken);
        return true;
      }
      signOut();
      return false;
    })
    .catch(() => false)
    .finally(() => { refreshing = null; });
  return refreshing;
}

/** Seconds until the access token expires (its exp claim); 0 when unreadable. */
function secondsLeft(token: string): number {
  try {
    const claims = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    return claims.exp - Date.now() / 1000;
  } catch {
    return 0;
  }
}

/** The access token, refreshed first when it has less than a minute left. */
async function freshToken(): Promise<string | undefined> {
  const t = session.get();
  if (t && secondsLeft(t.accessToken) < 60) await refresh();
  return session.get()?.accessToken;
}

/**
 * Runs a persisted operation; rejects with an ApiError on any error. upload,
 * when given, sends a file as one of its variables (a multipart request).
 */
export async function gql<T = any>(name: Operation, variables: object = {}, upload?: FileVariable): Promise<T> {
  const token = name === 'RefreshToken' || name === 'Login' ? undefined : await freshToken();
  let r = await post(name, variables, token, upload);
  if (r.errors?.[0]?.extensions?.code === 'UNAUTHENTICATED' && session.get() && name !== 'Login') {
    if (await refresh()) r = await post(name, variables, session.get()?.accessToken, upload);
  }
  if (r.errors?.length) {
    const e = r.errors[0];
    throw new ApiError(e.message, e.extensions?.code || 'ERROR', e.extensions?.field || '', e.extensions?.retryAfter || 0);
  }
  return r.data as T;
}

let ws: Client | null = null;

function wsClient(): Client {
  ws ??= createClient({
    url: location.origin.replace(/^http/, 'ws') + '/graphql',
    lazy: true,
    retryAttempts: Infinity,
    shouldRetry: () => true,
    connectionParams: async () => {
      // A fresh access token at each (re)connection: the server closes a
      // connection whose token expired, and the client reconnects with this.
      const token = await freshToken();
      return token ? { Authorization: 'Bearer ' + token } : {};
    },
  });
  return ws;
}

/** Closes the subscription socket (sign-out, organization switch): it reconnects with the new token. */
export function resetSubscriptions(): void {
  ws?.dispose();
  ws = null;
}

/** What a subscription event carries besides its data: the cursor to resume after it (as `after`). */
export interface EventExtensions {
  cursor?: string;
}

/**
 * Subscribes to a persisted subscription; next gets each event's data and its
 * extensions (the resume cursor). Returns the function that unsubscribes.
 */
export function subscribe<T = any>(name: Operation, variables: object, next: (data: T, extensions: EventExtensions) => void, error?: (e: Error) => void): () => void {
  return wsClient().subscribe<T>(
    { operationName: name, query: documents[name], variables: variables as Record<string, unknown> },
    {
      next: (r) => { if (r.data) next(r.data as T, (r.extensions || {}) as EventExtensions); },
      error: (e) => error?.(e instanceof Error ? e : new Error(String((e as any)?.message || e))),
      complete: () => {},
    },
  );
}
