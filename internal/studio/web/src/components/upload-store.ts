// upload-store.ts: the uploads of this page, kept at module level so that they
// go on (and stay listed) while the user moves around the console. Each file
// gets a credential and a video from the API (createUploadToken), is sent with
// tus-js-client to the server's tus endpoint, then its video's processing is
// followed live (videoUpdated) until it is ready or failed. What is needed to
// resume after a reload is kept by upload-records.ts.
import * as tus from 'tus-js-client';
import { gql, subscribe } from '../api';
import { signal } from '../signal';
import { toast } from '../ui';
import { fingerprint, forgetRecord, readRecord, saveRecord, type UploadRecord } from './upload-records';

/** Where an upload is: sending its bytes (queued to paused), then its video's processing. */
export type Phase = 'queued' | 'creating' | 'uploading' | 'paused' | 'error' | 'processing' | 'ready' | 'failed';

/** The video's state as videoUpdated sends it. */
export interface VideoState {
  id: string;
  title: string;
  status: string;
  progress: number;
  failureReason: string;
  size: number;
  duration: number;
}

/** One file's upload as the screen shows it. */
export interface UploadItem {
  id: string;
  key: string;
  project: string;
  name: string;
  size: number;
  phase: Phase;
  /** Bytes the server acknowledged or the browser sent so far. */
  sent: number;
  /** Bytes per second over the last seconds; 0 when not sending. */
  speed: number;
  /** Bytes the server already had when this upload resumed one begun earlier (after a reload); null when it did not. */
  resumedAt: number | null;
  videoID: string;
  video: VideoState | null;
  error: string;
}

/** What the store keeps beside an item: the file, the client and the live subscription. */
interface Runtime {
  file: File;
  upload: tus.Upload | null;
  samples: [number, number][];
  unsubscribe: (() => void) | null;
  canceled: boolean;
  reportResume: boolean;
}

/** Every upload of this page, in the order added. */
export const uploads = signal<UploadItem[]>([]);
const runtime = new Map<string, Runtime>();
const maxParallel = 3;
let seq = 0;

/** Whether an item still has bytes to send (or may, once resumed). */
export function sending(it: UploadItem): boolean {
  return it.phase === 'queued' || it.phase === 'creating' || it.phase === 'uploading' || it.phase === 'paused' || it.phase === 'error';
}

function item(id: string): UploadItem | undefined {
  return uploads.get().find((u) => u.id === id);
}

function update(id: string, patch: Partial<UploadItem>): void {
  uploads.set(uploads.get().map((u) => (u.id === id ? { ...u, ...patch } : u)));
}

/**
 * Adds files to upload into project. A file this page is already sending is
 * skipped (a paused one resumes); a file this browser began to upload before
 * (same name, size and modification time) continues from what the server has.
 */
export function addFiles(project: string, files: File[]): void {
  for (const file of files) {
    const key = fingerprint(project, file);
    const same = uploads.get().find((u) => u.key === key && sending(u));
    if (same) {
      if (same.phase === 'paused' || same.phase === 'error') resumeUpload(same.id);
      else toast(`${file.name} is already uploading`);
      continue;
    }
    const id = `${key}#${++seq}`;
    runtime.set(id, { file, upload: null, samples: [], unsubscribe: null, canceled: false, reportResume: false });
    uploads.set([...uploads.get(), {
      id, key, project, name: file.name, size: file.size, phase: 'queued', sent: 0, speed: 0,
      resumedAt: null, videoID: '', video: null, error: '',
    }]);
  }
  pump();
}

/** Starts queued uploads while fewer than maxParallel are under way. */
function pump(): void {
  let active = uploads.get().filter((u) => u.phase === 'creating' || u.phase === 'uploading').length;
  for (const u of uploads.get()) {
    if (active >= maxParallel) break;
    if (u.phase !== 'queued') continue;
    active++;
    void begin(u.id);
  }
}

/** The tus endpoint on this origin (the console may only connect to its own: CSP connect-src 'self'). */
function endpoint(uploadURL: string): string {
  const u = new URL(uploadURL || '/v1/uploads/', location.href);
  return u.origin === location.origin ? u.href : location.origin + u.pathname;
}

/** The video's title for a file: its name without the extension. */
function title(name: string): string {
  return name.replace(/\.[^.]+$/, '') || name;
}

/** Gets (or finds again) the file's credential, then sends its bytes. */
async function begin(id: string): Promise<void> {
  const it = item(id);
  const rt = runtime.get(id);
  if (!it || !rt) return;
  update(id, { phase: 'creating', error: '' });
  let record = readRecord(it.key);
  const resuming = !!record;
  let url = '/v1/uploads/';
  if (!record) {
    try {
      const r = await gql('UploadCreateToken', {
        projectID: it.project, input: { title: title(it.name), maxSize: it.size },
      });
      const c = r.createUploadToken;
      url = c.uploadURL;
      record = {
        key: it.key, project: it.project, name: it.name, size: it.size, lastModified: rt.file.lastModified,
        token: c.token, videoID: c.video.id, expiresAt: c.expiresAt,
      };
      if (rt.canceled) {
        // Canceled while the credential was on its way: its video is not wanted.
        void gql('UploadDeleteVideo', { id: record.videoID, projectID: it.project }).catch(() => {});
        return;
      }
      saveRecord(record);
    } catch (e) {
      if (!rt.canceled) update(id, { phase: 'error', error: (e as Error).message });
      pump();
      return;
    }
  }
  if (rt.canceled) return;
  update(id, { videoID: record.videoID });
  rt.reportResume = resuming;
  const upload = newUpload(id, rt.file, record, endpoint(url));
  rt.upload = upload;
  if (resuming) {
    const previous = await upload.findPreviousUploads();
    const mine = previous.find((p) => p.metadata?.token === record.token);
    // Without its URL, the creation with the same token answers the upload in progress (docs/api/videos.md).
    if (mine) upload.resumeFromPreviousUpload(mine);
  }
  if (rt.canceled) return;
  update(id, { phase: 'uploading' });
  upload.start();
}

/** The tus-js-client upload of file with record's token. */
function newUpload(id: string, file: File, record: UploadRecord, url: string): tus.Upload {
  const rt = runtime.get(id)!;
  return new tus.Upload(file, {
    endpoint: url,
    metadata: { token: record.token, filename: file.name, filetype: file.type || 'application/octet-stream' },
    fingerprint: () => Promise.resolve(record.key),
    retryDelays: [0, 1000, 3000, 5000, 10000],
    removeFingerprintOnSuccess: true,
    onAfterResponse: (req, res) => {
      // The first answer with an offset tells where a resumed upload goes on from:
      // HEAD on the kept URL, or a creation answered with the upload in progress.
      const m = req.getMethod();
      if (!rt.reportResume || (m !== 'HEAD' && m !== 'POST')) return;
      const offset = Number.parseInt(res.getHeader('Upload-Offset') || '', 10);
      if (res.getStatus() >= 300 || Number.isNaN(offset)) return;
      rt.reportResume = false;
      update(id, { resumedAt: offset, sent: offset });
    },
    onProgress: (sent) => progress(id, sent),
    onSuccess: () => finished(id),
    onError: (err) => {
      if (rt.canceled) return;
      update(id, { phase: 'error', speed: 0, error: errorText(err) });
      pump();
    },
  });
}

/** A tus-js-client error as a sentence: the server's answer when there is one. */
function errorText(err: Error): string {
  const res = (err as tus.DetailedError).originalResponse;
  const body = res?.getBody?.();
  if (res && body) return `The server refused the upload (${res.getStatus()}): ${body.trim()}`;
  return err.message.replace(/^tus: /, '');
}

/** Records bytes sent and the speed over the last four seconds. */
function progress(id: string, sent: number): void {
  const rt = runtime.get(id);
  if (!rt) return;
  const now = performance.now();
  rt.samples.push([now, sent]);
  while (rt.samples.length > 2 && now - rt.samples[0][0] > 4000) rt.samples.shift();
  const [t0, b0] = rt.samples[0];
  const speed = now - t0 > 500 ? Math.max(0, ((sent - b0) * 1000) / (now - t0)) : item(id)?.speed || 0;
  update(id, { sent, speed });
}

/** The bytes are in: the record is forgotten and the video followed until ready or failed. */
function finished(id: string): void {
  const it = item(id);
  const rt = runtime.get(id);
  if (!it || !rt) return;
  forgetRecord(it.key);
  update(id, { phase: 'processing', sent: it.size, speed: 0 });
  toast(`${it.name} is uploaded; processing`);
  pump();
  follow(id);
}

/** Follows the item's video through videoUpdated until it is ready or failed. */
function follow(id: string): void {
  const it = item(id);
  const rt = runtime.get(id);
  if (!it || !rt) return;
  rt.unsubscribe?.();
  rt.unsubscribe = subscribe<{ videoUpdated: VideoState }>('UploadVideoUpdated', { id: it.videoID }, (d) => {
    showVideo(id, d.videoUpdated);
  }, (e) => update(id, { error: `The live status stopped: ${e.message}` }));
}

/** Shows the video's state; ready or failed ends the item. */
function showVideo(id: string, v: VideoState): void {
  const it = item(id);
  const rt = runtime.get(id);
  if (!it || !rt) return;
  const done = v.status === 'ready' || v.status === 'failed';
  update(id, { video: v, error: '', phase: v.status === 'ready' ? 'ready' : v.status === 'failed' ? 'failed' : 'processing' });
  if (!done || it.phase === 'ready' || it.phase === 'failed') return;
  rt.unsubscribe?.();
  rt.unsubscribe = null;
  toast(v.status === 'ready' ? `${v.title || it.name} is ready` : `${v.title || it.name} failed: ${v.failureReason}`);
}

/** Reads the video's state once (when the live status stopped) and follows it again. */
export async function checkStatus(id: string): Promise<void> {
  const it = item(id);
  if (!it) return;
  try {
    const r = await gql<{ video: VideoState }>('UploadVideo', { id: it.videoID, projectID: it.project });
    showVideo(id, r.video);
    if (r.video.status !== 'ready' && r.video.status !== 'failed') follow(id);
  } catch (e) {
    update(id, { error: (e as Error).message });
  }
}

/** Stops sending; the server keeps what it received. */
export function pauseUpload(id: string): void {
  const rt = runtime.get(id);
  if (!rt?.upload) return;
  void rt.upload.abort();
  rt.samples = [];
  update(id, { phase: 'paused', speed: 0 });
  pump();
}

/** Goes on from the server's offset (after a pause or an error). */
export function resumeUpload(id: string): void {
  const it = item(id);
  const rt = runtime.get(id);
  if (!it || !rt) return;
  if (!rt.upload) {
    update(id, { phase: 'queued', error: '' });
    pump();
    return;
  }
  rt.samples = [];
  update(id, { phase: 'uploading', error: '' });
  rt.upload.start();
}

/**
 * Stops the upload, deletes it from the server and deletes its video (which
 * would otherwise wait for bytes until its token expired); the item leaves the list.
 */
export async function cancelUpload(id: string): Promise<void> {
  const it = item(id);
  const rt = runtime.get(id);
  if (!it || !rt) return;
  rt.canceled = true;
  rt.unsubscribe?.();
  await rt.upload?.abort(true).catch(() => {});
  const videoID = it.videoID || readRecord(it.key)?.videoID || '';
  forgetRecord(it.key);
  dismissUpload(id);
  pump();
  if (!videoID) {
    toast(`Upload of ${it.name} canceled`);
    return;
  }
  try {
    await gql('UploadDeleteVideo', { id: videoID, projectID: it.project });
    toast(`Upload of ${it.name} canceled; its video is deleted`);
  } catch (e) {
    toast(`Upload of ${it.name} canceled, but its video could not be deleted: ${(e as Error).message}`);
  }
}

/** Removes a finished (ready or failed) or canceled item from the list. */
export function dismissUpload(id: string): void {
  runtime.get(id)?.unsubscribe?.();
  runtime.delete(id);
  uploads.set(uploads.get().filter((u) => u.id !== id));
}

/** Forgets an unfinished upload of an earlier page (not chosen again) and deletes its video. */
export async function discardRecord(r: UploadRecord): Promise<void> {
  forgetRecord(r.key);
  try {
    await gql('UploadDeleteVideo', { id: r.videoID, projectID: r.project });
    toast(`Upload of ${r.name} discarded; its video is deleted`);
  } catch (e) {
    toast(`Upload of ${r.name} discarded, but its video could not be deleted: ${(e as Error).message}`);
  }
}
