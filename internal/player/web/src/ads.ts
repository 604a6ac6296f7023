// ads.ts: VAST 4 (and 3) linear ads, loaded by the player only on pages whose
// project has enabled advertisements (window.VidraAds). The VAST document is
// fetched and parsed by @dailymotion/vast-client (wrappers followed); the first
// linear creative with a playable media file plays in its own <video>, and
// VASTTracker fires the impression, start/quartile/complete, click and skip
// tracking. A tag that fails, is empty or does not answer within 3 s is skipped,
// and so is an ad whose media file makes no progress for 3 s before it starts
// (its error tracking fired): the video is never held up for long.
import { VASTClient, VASTTracker } from '@dailymotion/vast-client';

/** How long a tag may take to answer, and its media file may stall before it starts. */
const startBudgetMs = 3000;

type Log = (e: string, d?: unknown) => void;

function pickMedia(files: any[], probe: HTMLVideoElement): any | null {
  const playable = files.filter((f) => f.fileURL && (!f.mimeType || probe.canPlayType(f.mimeType) !== ''));
  playable.sort((a, b) => (a.height || 0) - (b.height || 0));
  return playable.find((f) => (f.height || 0) >= 360) || playable[playable.length - 1] || null;
}

/**
 * urlHandler fetches VAST documents for the client with a timeout that aborts
 * the request. It replaces the library's default, whose timer throws from a
 * setTimeout callback (an uncaught error in the page) when a tag does not answer.
 */
const urlHandler = {
  async get(url: string, options: { timeout?: number; withCredentials?: boolean }) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.timeout || startBudgetMs);
    try {
      const res = await fetch(url, { signal: controller.signal, credentials: options.withCredentials ? 'include' : 'omit' });
      if (!res.ok) return { error: new Error(`VAST tag answered ${res.status}`), statusCode: res.status };
      const text = await res.text();
      return { xml: new DOMParser().parseFromString(text, 'text/xml'), details: { byteLength: text.length, statusCode: res.status, rawXml: text } };
    } catch (e) {
      const aborted = (e as Error).name === 'AbortError';
      return { error: aborted ? new Error('VAST tag timed out') : (e as Error), statusCode: aborted ? 408 : null };
    } finally {
      clearTimeout(timer);
    }
  },
};

async function playBreak(tagUrl: string, layer: HTMLElement, muted: boolean, log: Log): Promise<void> {
  const began = performance.now();
  const client = new VASTClient();
  let response: any;
  try {
    const request = client.get(tagUrl, { timeout: startBudgetMs, withCredentials: false, wrapperLimit: 5, urlHandler });
    request.catch(() => { /* given up on below */ });
    response = await Promise.race([
      request,
      new Promise((_, reject) => setTimeout(() => reject(new Error('VAST tag timed out')), startBudgetMs)),
    ]);
  } catch (e) {
    log('aderror', String((e as Error).message || e));
    return;
  }
  const video = document.createElement('video');
  video.setAttribute('playsinline', '');
  let ad: any = null, creative: any = null, media: any = null;
  for (const a of response.ads || []) {
    for (const c of a.creatives || []) {
      if (c.type !== 'linear') continue;
      const m = pickMedia(c.mediaFiles || [], video);
      if (m) { ad = a; creative = c; media = m; break; }
    }
    if (ad) break;
  }
  if (!ad) {
    log('aderror', 'no playable linear ad');
    return;
  }
  const tracker = new VASTTracker(client, ad, creative, null, muted);
  tracker.on('clickthrough', (url: string) => { window.open(url, '_blank', 'noopener'); });
  video.muted = muted;
  video.src = media.fileURL;
  layer.appendChild(video);
  const label = document.createElement('div');
  label.className = 'vp-ad-label';
  label.textContent = 'Ad';
  layer.appendChild(label);
  video.addEventListener('click', () => { tracker.click(); log('adclick'); });

  await new Promise<void>((resolve) => {
    let done = false, shown = false;
    const finish = (e: string, d?: unknown) => {
      if (done) return;
      done = true;
      clearTimeout(startTimer);
      video.pause();
      video.removeAttribute('src');
      video.load();
      log(e, d);
      resolve();
    };
    // A media file that makes no progress for 3 s before its first frame is given
    // up (a slow one still loading is not: each sign of loading rearms the timer).
    let startTimer = 0;
    const arm = () => {
      clearTimeout(startTimer);
      if (shown || done) return;
      startTimer = window.setTimeout(() => {
        if (shown) return;
        tracker.error({ ERRORCODE: 402 }); // timeout of media file
        finish('aderror', 'the ad media made no progress for 3 s');
      }, startBudgetMs);
    };
    arm();
    for (const e of ['progress', 'loadedmetadata', 'loadeddata', 'canplay']) video.addEventListener(e, arm);
    video.addEventListener('playing', () => {
      if (shown) return;
      shown = true;
      clearTimeout(startTimer);
      tracker.trackImpression();
      log('adstart', { ms: Math.round(performance.now() - began), duration: video.duration });
    });
    video.addEventListener('durationchange', () => { if (isFinite(video.duration)) tracker.setDuration(video.duration); });
    video.addEventListener('timeupdate', () => { if (shown) tracker.setProgress(video.currentTime); });
    video.addEventListener('ended', () => { tracker.complete(); finish('adend'); });
    video.addEventListener('error', () => { tracker.error({ ERRORCODE: 405 }); finish('aderror', 'the ad media file could not be played'); });
    if (creative.skipDelay !== null && creative.skipDelay !== undefined && creative.skipDelay >= 0) {
      const skip = document.createElement('button');
      skip.type = 'button';
      skip.className = 'vp-ad-skip';
      skip.disabled = true;
      skip.setAttribute('aria-label', 'Skip ad');
      layer.appendChild(skip);
      const tick = () => {
        const rest = Math.ceil(creative.skipDelay - video.currentTime);
        skip.disabled = rest > 0;
        skip.textContent = rest > 0 ? `Skip in ${rest}` : 'Skip ad';
      };
      tick();
      video.addEventListener('timeupdate', tick);
      skip.addEventListener('click', (e) => { e.stopPropagation(); if (!skip.disabled) { tracker.skip(); finish('adskip'); } });
    }
    video.play().catch(() => {
      video.muted = true;
      tracker.setMuted(true);
      video.play().catch(() => { tracker.error({ ERRORCODE: 400 }); finish('aderror', 'the ad could not autoplay'); });
    });
  });
}

window.VidraAds = { playBreak };

declare global {
  interface Window {
    VidraAds?: { playBreak: typeof playBreak };
  }
}
