// upload-records.ts: what a browser keeps of an unfinished upload so that it can
// resume after a reload: the upload token and the video it becomes, in
// localStorage under a fingerprint of the project and the file (name, size,
// last modification). tus-js-client keeps the upload's URL under the same
// fingerprint (its urlStorage), so the two are found together when the user
// chooses the same file again.

/** An unfinished upload as this browser remembers it. */
export interface UploadRecord {
  key: string;
  project: string;
  name: string;
  size: number;
  lastModified: number;
  token: string;
  videoID: string;
  expiresAt: string;
}

const prefix = 'vidra.studio.upload:';

/** The fingerprint of file in project: the key of its record and of tus-js-client's URL. */
export function fingerprint(project: string, file: { name: string; size: number; lastModified: number }): string {
  return `${prefix}${project}:${file.size}:${file.lastModified}:${file.name}`;
}

function parse(key: string): UploadRecord | null {
  try {
    const r = JSON.parse(localStorage.getItem(key) || 'null') as UploadRecord | null;
    return r && r.token && r.videoID ? { ...r, key } : null;
  } catch {
    return null;
  }
}

/** The record under key, or null (none, unreadable, or its token expired: then it is forgotten). */
export function readRecord(key: string): UploadRecord | null {
  const r = parse(key);
  if (r && Date.parse(r.expiresAt) <= Date.now()) {
    forgetRecord(key);
    return null;
  }
  return r;
}

/** Remembers an upload until it finishes or is canceled. */
export function saveRecord(r: UploadRecord): void {
  try {
    localStorage.setItem(r.key, JSON.stringify(r));
  } catch {
    // Storage full or disabled: the upload goes on, it just cannot resume after a reload.
  }
}

/** Forgets an upload, and the upload URLs tus-js-client kept for it. */
export function forgetRecord(key: string): void {
  try {
    localStorage.removeItem(key);
    for (const k of tusKeys(key)) localStorage.removeItem(k);
  } catch {
    // Nothing kept.
  }
}

/** The unfinished uploads this browser remembers for project, oldest first. */
export function projectRecords(project: string): UploadRecord[] {
  const out: UploadRecord[] = [];
  const start = `${prefix}${project}:`;
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (!k || !k.startsWith(start)) continue;
    const r = readRecord(k);
    if (r) out.push(r);
  }
  return out.sort((a, b) => a.expiresAt.localeCompare(b.expiresAt));
}

/** The keys of tus-js-client's stored URLs for fingerprint (its urlStorage: tus::<fingerprint>::<n>). */
function tusKeys(fp: string): string[] {
  const keys: string[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (k && k.startsWith(`tus::${fp}::`)) keys.push(k);
  }
  return keys;
}

/** The upload URL tus-js-client kept for the record (the one with its token), or ''. */
export function storedUploadURL(r: UploadRecord): string {
  for (const k of tusKeys(r.key)) {
    try {
      const v = JSON.parse(localStorage.getItem(k) || 'null');
      if (v?.uploadUrl && v?.metadata?.token === r.token) return v.uploadUrl;
    } catch {
      // Skip an unreadable entry.
    }
  }
  return '';
}

/**
 * How many bytes of the record's upload the server has (a tus HEAD on its URL),
 * or null when unknown (no URL kept, or the server does not answer it). Only
 * for an upload no request is writing: a HEAD takes the upload's lock, and the
 * server stops a PATCH in progress to give it.
 */
export async function serverOffset(r: UploadRecord): Promise<number | null> {
  const url = storedUploadURL(r);
  if (!url) return null;
  try {
    const res = await fetch(url, { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0' } });
    const offset = Number.parseInt(res.headers.get('Upload-Offset') || '', 10);
    return res.ok && !Number.isNaN(offset) ? offset : null;
  } catch {
    return null;
  }
}
