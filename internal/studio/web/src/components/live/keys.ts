// keys.ts: the stream keys this tab was given. The API returns a key once
// (creation, reset) and keeps only its hash, so the console holds it in
// memory for the stream's page: never in storage, gone on reload.
import { signal } from '../../signal';

/** A stream key with the publish URLs that carry it, as the API returned them. */
export interface IssuedKey {
  streamKey: string;
  rtmpPublishURL: string;
  rtmpsPublishURL: string | null;
  srtPublishURL: string | null;
}

const issued = signal<Record<string, IssuedKey>>({});

/** Keeps the key a creation or a reset returned for stream id. */
export function rememberKey(id: string, key: IssuedKey): void {
  issued.set({ ...issued.get(), [id]: key });
}

/** Forgets a stream's key (the stream was deleted). */
export function forgetKey(id: string): void {
  const next = { ...issued.get() };
  delete next[id];
  issued.set(next);
}

/** The signal of every key issued in this tab, by stream id. */
export const issuedKeys = issued;
