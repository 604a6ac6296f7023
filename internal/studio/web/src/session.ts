// session.ts: the signed-in user's tokens, kept in localStorage so a reload or a
// second tab stays signed in. The access token lives 15 minutes; api.ts trades
// the refresh token for a new pair when the server answers UNAUTHENTICATED.
import { signal } from './signal';

/** Tokens of a sign-in (the AuthPayload of the API). */
export interface Tokens {
  accessToken: string;
  refreshToken: string;
}

const key = 'vidra.studio.session';

function load(): Tokens | null {
  try {
    const t = JSON.parse(localStorage.getItem(key) || 'null');
    return t && t.accessToken && t.refreshToken ? t : null;
  } catch {
    return null;
  }
}

/** The current tokens; null when signed out. Screens re-render when it changes. */
export const session = signal<Tokens | null>(load());

/** Keeps tokens of a new sign-in (or refresh). */
export function signIn(t: Tokens): void {
  localStorage.setItem(key, JSON.stringify({ accessToken: t.accessToken, refreshToken: t.refreshToken }));
  session.set({ accessToken: t.accessToken, refreshToken: t.refreshToken });
}

/** Forgets the tokens (sign-out, or a refresh token the server refused). */
export function signOut(): void {
  localStorage.removeItem(key);
  session.set(null);
}

/**
 * Signs out as the user asked: also forgets what the console kept in this
 * browser besides the tokens (unfinished uploads' tokens, tus-js-client's
 * upload addresses), so the next person at this browser finds none of it.
 */
export function signOutAndForget(): void {
  const keys: string[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (k && (k.startsWith('vidra.studio.') || k.startsWith('tus::vidra.studio.'))) keys.push(k);
  }
  keys.forEach((k) => localStorage.removeItem(k));
  signOut();
}

/** The organization id inside the access token (its `org` claim). */
export function currentOrganization(): string {
  const t = session.get();
  if (!t) return '';
  try {
    const part = t.accessToken.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    return JSON.parse(atob(part)).org || '';
  } catch {
    return '';
  }
}

// Another tab signed in or out.
addEventListener('storage', (e) => {
  if (e.key === key) session.set(load());
});
