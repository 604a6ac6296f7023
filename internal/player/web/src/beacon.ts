// beacon.ts: the analytics events of a view, sent to Vidra's collector
// (POST /collect/v1/{projectId}/events, docs/api/analytics.md "Analytics ingest"): viewstart when
// the page loads, play at the viewer's play intent (a click, a key, or autoplay:
// the start of the startup time, which ends at the first playing), then batches every
// 5 s and at once on the first playing, pause, end and error, the last one (viewend) by sendBeacon
// on pagehide. Bodies are text/plain, so no CORS preflight is needed; a batch the
// collector did not take is sent again with the next (it ignores seqs it has).

/** The options of a view's beacon. */
export interface BeaconOptions {
  endpoint: string;
  videoId: string;
  viewId: string;
  sessionId: string;
  playerId?: string;
  token?: string;
  playerSoftware: string;
}

/** A beacon's controller. */
export interface Beacon {
  push(type: string, extra?: Record<string, unknown>): void;
  /** playIntent marks the viewer's request to play (a play event), until the video has played. */
  playIntent(): void;
  flush(): void;
  close(): void;
  /** statuses of the batches sent so far (0: network error) */
  sent: number[];
}

/** uuid is a random (version 4) UUID. */
export function uuid(): string {
  if (crypto.randomUUID) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => (x + 0x100).toString(16).slice(1)).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** attachBeacon reports the content video element's playback as one view. */
export function attachBeacon(video: HTMLVideoElement, o: BeaconOptions): Beacon {
  let seq = 0, inflight = false, closed = false, started = false, rebuffering = false;
  let queue: Record<string, unknown>[] = [];
  let heartbeat: number | undefined;
  const sent: number[] = [];

  const body = (events: Record<string, unknown>[]) => JSON.stringify({
    v: 1, view_id: o.viewId, session_id: o.sessionId, video_id: o.videoId, events,
    ...(o.playerId ? { player_id: o.playerId } : {}), ...(o.token ? { token: o.token } : {}),
    player_software: o.playerSoftware,
  });
  const push = (type: string, extra?: Record<string, unknown>) => {
    if (closed) return;
    queue.push({ seq: seq++, e: type, t: Date.now(), pt: Math.round((video.currentTime || 0) * 1000), ...(extra || {}) });
  };
  const flush = () => {
    if (inflight || !queue.length) return;
    const events = queue.slice();
    inflight = true;
    fetch(o.endpoint, { method: 'POST', body: body(events), headers: { 'Content-Type': 'text/plain' }, keepalive: true, credentials: 'omit' })
      .then((res) => {
        sent.push(res.status);
        // Taken, or refused for good: either way these events are done.
        if (res.ok || (res.status >= 400 && res.status < 500 && res.status !== 429)) queue.splice(0, events.length);
      })
      .catch(() => { sent.push(0); })
      .then(() => { inflight = false; });
  };
  const beat = (on: boolean) => {
    clearInterval(heartbeat);
    heartbeat = on ? window.setInterval(() => push('heartbeat'), 10000) : undefined;
  };
  const on = (name: string, fn: () => void) => video.addEventListener(name, fn);
  on('playing', () => {
    if (rebuffering) { rebuffering = false; push('rebufferend'); }
    started = true;
    push('playing', video.playbackRate !== 1 ? { rate: video.playbackRate } : undefined);
    beat(true);
  });
  // A rate change while playing is a playing event with the new rate; before
  // the first playing it is not one (it would end the startup time early).
  on('ratechange', () => { if (started && !video.paused) push('playing', { rate: video.playbackRate }); });
  on('pause', () => { if (video.ended) return; beat(false); push('pause'); flush(); });
  on('seeking', () => { beat(false); push('seeking'); });
  on('seeked', () => push('seeked'));
  on('waiting', () => {
    if (!started || video.seeking || video.paused || rebuffering) return;
    rebuffering = true;
    beat(false);
    push('rebufferstart');
  });
  on('ended', () => { beat(false); push('ended'); flush(); });
  on('error', () => {
    const err = video.error;
    push('error', { code: 'media_error_' + (err ? err.code : 0), message: err ? err.message || '' : '', fatal: true });
    flush();
  });
  const close = () => {
    if (closed) return;
    push('viewend');
    closed = true;
    beat(false);
    clearInterval(timer);
    const data = body(queue.splice(0));
    const ok = navigator.sendBeacon && navigator.sendBeacon(o.endpoint, new Blob([data], { type: 'text/plain' }));
    if (!ok) fetch(o.endpoint, { method: 'POST', body: data, headers: { 'Content-Type': 'text/plain' }, keepalive: true, credentials: 'omit' }).catch(() => {});
  };
  window.addEventListener('pagehide', close);
  push('viewstart');
  const timer = window.setInterval(flush, 5000);
  // The first batch (viewstart, playing) goes when the video plays, not while
  // its manifest and first segment are loading; in a task of its own, so that
  // the request's work does not hold up the page's other playing listeners.
  video.addEventListener('playing', () => window.setTimeout(flush, 0), { once: true });
  const playIntent = () => { if (!started) push('play'); };
  return { push, playIntent, flush, close, sent };
}
