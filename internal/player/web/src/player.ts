// player.ts: Vidra's embeddable player (GET /embed/{videoId}). The page carries
// its configuration as JSON in #vidra-config (package player writes it): the
// video's playback URLs (/v1/play/..., with ?token= when the project signs
// playback), the player entity's options, caption tracks, chapters, storyboard
// and the project's ads. Playback: hls.js (light switches, build.mjs) where MediaSource exists,
// native HLS otherwise (Safari). CMCD request data (the session id) goes on every
// segment request, and the analytics beacon reports the view: the collector counts
// one view, verified by that session.
import Hls from 'hls.js/light';
import './player.css';
import { attachBeacon, uuid, type Beacon } from './beacon';
import { clock, fetchCues, type Cue } from './vtt';
import { setIcon, type IconName } from './icons';

interface PlayerOptions {
  id?: string;
  primaryColor: string;
  accentColor: string;
  backgroundColor: string;
  controls: boolean;
  autoplay: boolean;
  muted: boolean;
  loop: boolean;
  logoUrl?: string;
  watermarkUrl?: string;
  watermarkPosition: string;
  speedOptions: number[];
  captionsDefault: boolean;
  defaultCaptionLanguage?: string;
}

interface AdBreak {
  tagUrl: string;
  placement: 'pre_roll' | 'mid_roll' | 'post_roll';
  offsets: number[];
}

interface Config {
  videoId: string;
  projectId: string;
  title: string;
  duration: number;
  src: string;
  poster: string;
  token?: string;
  storyboard?: string;
  chapters?: string;
  captions: { language: string; label: string; src: string }[];
  player: PlayerOptions;
  ads: AdBreak[];
  adsScript?: string;
  collect: string;
}

/** What ads.ts puts on window.VidraAds. */
interface AdsAPI {
  playBreak(tagUrl: string, layer: HTMLElement, muted: boolean, log: (e: string, d?: unknown) => void): Promise<void>;
}

/** The player's public state, window.vidraPlayer (for the embedding page's scripts and tests). */
interface PlayerAPI {
  video: HTMLVideoElement;
  hls: Hls | null;
  viewId: string;
  events: { e: string; t: number; d?: unknown }[];
  beacon: Beacon;
  chapters: Cue[];
  play(): Promise<void>;
}

declare global {
  interface Window {
    VidraAds?: AdsAPI;
    vidraPlayer?: PlayerAPI;
  }
}

const cfg: Config = JSON.parse(document.getElementById('vidra-config')!.textContent || '{}');
const opts = cfg.player;
const t0 = performance.now();

function el<K extends keyof HTMLElementTagNameMap>(tag: K, cls: string, attrs: Record<string, string> = {}, parent?: HTMLElement): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

const root = document.getElementById('vidra-player')!;
root.className = 'vp' + (opts.controls ? '' : ' vp-nocontrols');
root.setAttribute('role', 'region');
root.setAttribute('aria-label', 'Video player: ' + cfg.title);
root.style.setProperty('--vp-primary', opts.primaryColor);
root.style.setProperty('--vp-accent', opts.accentColor);
root.style.setProperty('--vp-bg', opts.backgroundColor);

const video = el('video', 'vp-video', { playsinline: '', preload: 'auto', poster: cfg.poster, 'aria-label': cfg.title }, root);
video.muted = opts.muted;
video.loop = opts.loop && !cfg.ads.some((a) => a.placement === 'post_roll');
for (const c of cfg.captions) {
  el('track', '', { kind: 'subtitles', src: c.src, srclang: c.language, label: c.label }, video);
}
if (opts.logoUrl) el('img', 'vp-logo', { src: opts.logoUrl, alt: '' }, root);
if (opts.watermarkUrl) el('img', 'vp-watermark vp-wm-' + opts.watermarkPosition, { src: opts.watermarkUrl, alt: '' }, root);
const message = el('div', 'vp-message', { role: 'alert', hidden: '' }, root);
const adLayer = el('div', 'vp-ad', { hidden: '', 'aria-label': 'Advertisement' }, root);
const bigPlay = el('button', 'vp-big-play', { type: 'button', 'aria-label': 'Play video' }, root);
setIcon(bigPlay, 'play');

const events: PlayerAPI['events'] = [];
// The embedding page is told of each event in a task after the one that logged
// it: the browser's first postMessage to a parent of another origin holds the
// page for about 60 ms (measured in Chromium), which would otherwise come
// between the player's set-up and its autoplay request.
let toParent: { vidra: string; videoId: string; detail: unknown }[] = [];
function tellParent() {
  const messages = toParent;
  toParent = [];
  try {
    for (const m of messages) window.parent.postMessage(m, '*');
  } catch { /* a parent that cannot be told */ }
}
function log(e: string, d?: unknown) {
  events.push({ e, t: Math.round(performance.now() - t0), d });
  if (window.parent === window) return;
  if (!toParent.length) window.setTimeout(tellParent, 0);
  toParent.push({ vidra: e, videoId: cfg.videoId, detail: d });
}
function showMessage(text: string) {
  message.textContent = text;
  message.hidden = false;
}

// Playback: hls.js with CMCD request data on segments, or native HLS.
const viewId = uuid();
const cmcd = (url: string) => {
  const data = `cid="${cfg.videoId}",ot=v,sf=h,sid="${viewId}",st=v`;
  return url + (url.includes('?') ? '&' : '?') + 'CMCD=' + encodeURIComponent(data);
};
let hls: Hls | null = null;
// With a pre-roll, the video's segments load after it (the manifest at once):
// the ad does not compete with them for the network and the CPU.
const preRoll = cfg.ads.some((a) => a.placement === 'pre_roll');
if (Hls.isSupported()) {
  hls = new Hls({
    autoStartLoad: !preRoll,
    // A live viewer who fell behind its target latency (a stall, a busy CPU)
    // plays up to 1.5 times faster until it is back: hls.js's default (1)
    // never catches up, and the delay only grows.
    maxLiveSyncPlaybackRate: 1.5,
    xhrSetup(xhr, url) {
      if (/\.(ts|m4s|mp4|aac)(\?|$)/.test(url)) xhr.open('GET', cmcd(url), true);
    },
  });
  hls.on(Hls.Events.ERROR, (_e, data) => {
    if (!data.fatal) return;
    log('error', data.details);
    showMessage('The video could not be played (' + data.details + ').');
  });
  hls.loadSource(cfg.src);
  hls.attachMedia(video);
} else if (video.canPlayType('application/vnd.apple.mpegurl')) {
  video.src = cfg.src;
} else {
  showMessage('This browser cannot play this video.');
}
video.addEventListener('error', () => { if (!hls) showMessage('The video could not be played.'); });

const beacon = attachBeacon(video, {
  endpoint: cfg.collect, videoId: cfg.videoId, viewId, sessionId: viewId, playerId: opts.id, token: cfg.token,
  playerSoftware: hls ? 'vidra-embed hls.js ' + Hls.version : 'vidra-embed native',
});
if (hls) {
  hls.on(Hls.Events.LEVEL_SWITCHED, (_e, data) => {
    const level = hls!.levels[data.level];
    beacon.push('renditionchange', { rendition: level && level.height ? level.height + 'p' : '', bitrate: level ? level.bitrate : 0 });
    updateQualityLabel();
  });
  hls.on(Hls.Events.ERROR, (_e, data) => {
    if (data.fatal) { beacon.push('error', { code: String(data.details), message: String(data.reason || ''), fatal: true }); beacon.flush(); }
  });
}

// Ads: the ad code is loaded only when the project has ads.
let adsLoaded: Promise<AdsAPI | null> | null = null;
function loadAds(): Promise<AdsAPI | null> {
  if (!cfg.adsScript) return Promise.resolve(null);
  if (!adsLoaded) {
    adsLoaded = new Promise((resolve) => {
      const s = el('script', '', { src: cfg.adsScript! }, document.head);
      s.onload = () => resolve(window.VidraAds || null);
      s.onerror = () => resolve(null);
    });
  }
  return adsLoaded;
}
let inAd = false;
async function runBreak(placement: AdBreak['placement'], filter: (a: AdBreak) => boolean = () => true) {
  const breaks = cfg.ads.filter((a) => a.placement === placement && filter(a));
  if (!breaks.length) return;
  const ads = await loadAds();
  if (!ads) { log('aderror', 'the ad code did not load'); return; }
  inAd = true;
  root.classList.add('vp-in-ad');
  video.pause();
  for (const b of breaks) {
    log('adbreak', placement);
    adLayer.hidden = false;
    await ads.playBreak(b.tagUrl, adLayer, video.muted, log);
    adLayer.hidden = true;
    adLayer.textContent = '';
  }
  inAd = false;
  root.classList.remove('vp-in-ad');
}

let started = false;
async function play(): Promise<void> {
  if (!started) {
    started = true;
    bigPlay.hidden = true;
    // Only a pre-roll is awaited: without one, nothing may come between the
    // request (a click, or autoplay at load) and the play intent below. An await
    // here would queue the intent behind hls.js's own start-up microtasks, which
    // took 40-550 ms in a loaded browser and went missing from the startup time.
    if (preRoll) {
      await runBreak('pre_roll');
      if (hls) hls.startLoad();
    }
  }
  if (inAd) return;
  // The viewer's wait starts here (after a pre-roll, when the video is asked for).
  log('play');
  beacon.playIntent();
  try {
    await video.play();
  } catch {
    // Autoplay with sound refused: play muted, as browsers allow.
    video.muted = true;
    await video.play().catch(() => { bigPlay.hidden = false; started = false; });
  }
}
function toggle() {
  if (inAd) return;
  if (!started || video.paused) void play(); else video.pause();
}
const playedMid = new Set<string>();
video.addEventListener('timeupdate', () => {
  if (inAd) return;
  for (const a of cfg.ads) {
    if (a.placement !== 'mid_roll') continue;
    for (const off of a.offsets) {
      const key = a.tagUrl + '@' + off;
      if (!playedMid.has(key) && video.currentTime >= off && video.currentTime < off + 2) {
        playedMid.add(key);
        void runBreak('mid_roll', (x) => x === a).then(() => video.play());
        return;
      }
    }
  }
});
let postDone = false;
video.addEventListener('ended', () => {
  if (postDone) return;
  postDone = true;
  void runBreak('post_roll');
});
video.addEventListener('play', () => { if (inAd) video.pause(); });
video.addEventListener('playing', () => {
  if (!events.some((x) => x.e === 'playing')) log('playing');
  root.classList.add('vp-started');
  bigPlay.hidden = true;
});
bigPlay.addEventListener('click', () => void play());
video.addEventListener('click', toggle);

// Controls.
const controls = el('div', 'vp-controls', {}, root);
const progress = el('div', 'vp-progress', { role: 'slider', tabindex: '0', 'aria-label': 'Seek', 'aria-valuemin': '0', 'aria-valuenow': '0' }, controls);
const buffered = el('div', 'vp-buffered', {}, progress);
const played = el('div', 'vp-played', {}, progress);
const marks = el('div', 'vp-marks', { 'aria-hidden': 'true' }, progress);
const preview = el('div', 'vp-preview', { hidden: '', 'aria-hidden': 'true' }, progress);
const previewImg = el('div', 'vp-preview-img', {}, preview);
const previewText = el('div', 'vp-preview-text', {}, preview);
const bar = el('div', 'vp-bar', {}, controls);

function button(label: string, icon: IconName, onClick: () => void, cls = ''): HTMLButtonElement {
  const b = el('button', 'vp-btn ' + cls, { type: 'button', 'aria-label': label }, bar);
  setIcon(b, icon);
  b.addEventListener('click', (e) => { e.stopPropagation(); onClick(); });
  return b;
}
const playBtn = button('Play', 'play', toggle, 'vp-play');
const muteBtn = button('Mute', 'volume', () => { video.muted = !video.muted; }, 'vp-mute');
const volume = el('input', 'vp-volume', { type: 'range', min: '0', max: '1', step: '0.05', 'aria-label': 'Volume' }, bar);
volume.value = String(video.volume);
volume.addEventListener('input', () => { video.volume = Number(volume.value); video.muted = video.volume === 0; });
const time = el('span', 'vp-time', { 'aria-live': 'off' }, bar);
el('span', 'vp-spacer', {}, bar);

/** A menu item: its label, whether it is the current choice, and what choosing it does. */
interface Item { label: string; checked: boolean; select(): void }
const menus: HTMLElement[] = [];
function closeMenus(except?: HTMLElement) {
  for (const m of menus) {
    if (m === except || m.hidden) continue;
    m.hidden = true;
    (m.previousElementSibling as HTMLElement).setAttribute('aria-expanded', 'false');
  }
}
function menu(label: string, text: string, cls: string, items: () => Item[], icon?: IconName): HTMLButtonElement {
  const wrap = el('div', 'vp-menuwrap ' + cls, {}, bar);
  const b = el('button', 'vp-btn', { type: 'button', 'aria-label': label, 'aria-haspopup': 'menu', 'aria-expanded': 'false' }, wrap);
  if (icon) setIcon(b, icon); else b.textContent = text;
  const list = el('div', 'vp-menu', { role: 'menu', 'aria-label': label, hidden: '' }, wrap);
  menus.push(list);
  const open = () => {
    closeMenus(list);
    list.textContent = '';
    for (const it of items()) {
      const i = el('button', 'vp-item', { type: 'button', role: 'menuitemradio', 'aria-checked': String(it.checked), tabindex: '-1' }, list);
      i.textContent = it.label;
      i.addEventListener('click', (e) => { e.stopPropagation(); it.select(); closeMenus(); b.focus(); });
    }
    list.hidden = false;
    b.setAttribute('aria-expanded', 'true');
    const first = (list.querySelector('[aria-checked="true"]') || list.firstElementChild) as HTMLElement | null;
    first?.focus();
  };
  b.addEventListener('click', (e) => { e.stopPropagation(); if (list.hidden) open(); else closeMenus(); });
  list.addEventListener('keydown', (e) => {
    const all = Array.from(list.children) as HTMLElement[];
    const at = all.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      all[(at + (e.key === 'ArrowDown' ? 1 : all.length - 1)) % all.length]?.focus();
    } else if (e.key === 'Escape') {
      closeMenus();
      b.focus();
    } else return;
    e.preventDefault();
    e.stopPropagation();
  });
  return b;
}
document.addEventListener('click', () => closeMenus());

let chapters: Cue[] = [];
const chaptersBtn = menu('Chapters', '', 'vp-chapters', () => chapters.map((c) => ({
  label: `${clock(c.start)} ${c.text}`,
  checked: video.currentTime >= c.start && video.currentTime < c.end,
  select: () => { video.currentTime = c.start; },
})), 'chapters');
chaptersBtn.parentElement!.hidden = true;

const tracks = () => Array.from(video.textTracks).filter((t) => t.kind === 'subtitles' || t.kind === 'captions');
function showCaptions(lang: string | null) {
  for (const t of tracks()) t.mode = t.language === lang ? 'showing' : 'disabled';
  ccBtn.setAttribute('aria-pressed', String(lang !== null));
  log('captions', lang);
}
const ccBtn = menu('Captions', 'CC', 'vp-cc', () => [
  { label: 'Off', checked: !tracks().some((t) => t.mode === 'showing'), select: () => showCaptions(null) },
  ...tracks().map((t) => ({ label: t.label || t.language, checked: t.mode === 'showing', select: () => showCaptions(t.language) })),
]);
if (!cfg.captions.length) ccBtn.parentElement!.hidden = true;
if (opts.captionsDefault && cfg.captions.length) {
  const want = cfg.captions.find((c) => c.language === opts.defaultCaptionLanguage) || cfg.captions[0];
  showCaptions(want.language);
} else {
  for (const t of tracks()) t.mode = 'disabled';
}

const speedBtn = menu('Playback speed', '1x', 'vp-speed', () => opts.speedOptions.map((r) => ({
  label: r + 'x', checked: video.playbackRate === r, select: () => { video.playbackRate = r; },
})));
video.addEventListener('ratechange', () => { speedBtn.textContent = video.playbackRate + 'x'; });
if (opts.speedOptions.length < 2) speedBtn.parentElement!.hidden = true;

const qualityBtn = menu('Quality', 'Auto', 'vp-quality', () => {
  if (!hls) return [];
  const levels = hls.levels.map((l, i) => ({ l, i })).sort((a, b) => b.l.height - a.l.height);
  return [
    { label: 'Auto', checked: hls.autoLevelEnabled, select: () => { hls!.currentLevel = -1; updateQualityLabel(); } },
    ...levels.map(({ l, i }) => ({
      label: l.height ? l.height + 'p' : Math.round(l.bitrate / 1000) + ' kbps',
      checked: !hls!.autoLevelEnabled && hls!.currentLevel === i,
      select: () => { hls!.currentLevel = i; updateQualityLabel(); },
    })),
  ];
});
qualityBtn.parentElement!.hidden = true;
function updateQualityLabel() {
  if (!hls) return;
  const l = hls.levels[hls.currentLevel];
  qualityBtn.textContent = (hls.autoLevelEnabled ? 'Auto' : '') + (l && l.height ? (hls.autoLevelEnabled ? ' ' : '') + l.height + 'p' : '');
}
if (hls) {
  hls.on(Hls.Events.MANIFEST_PARSED, () => {
    qualityBtn.parentElement!.hidden = hls!.levels.length < 1;
    log('ready', { levels: hls!.levels.map((l) => l.height) });
  });
}

const pipBtn = button('Picture in picture', 'pip', () => {
  if (document.pictureInPictureElement) void document.exitPictureInPicture();
  else void video.requestPictureInPicture().catch(() => {});
}, 'vp-pip');
if (!document.pictureInPictureEnabled) pipBtn.hidden = true;
const fsBtn = button('Full screen', 'fullscreen', toggleFullscreen, 'vp-fs');
function toggleFullscreen() {
  if (document.fullscreenElement) void document.exitFullscreen();
  else void root.requestFullscreen?.().catch(() => {});
}
document.addEventListener('fullscreenchange', () => {
  fsBtn.setAttribute('aria-label', document.fullscreenElement ? 'Exit full screen' : 'Full screen');
  setIcon(fsBtn, document.fullscreenElement ? 'exitFullscreen' : 'fullscreen');
});

// Timeline: position, buffer, chapter marks, storyboard preview.
const duration = () => (isFinite(video.duration) && video.duration > 0 ? video.duration : cfg.duration);
function render() {
  const d = duration();
  const pct = d ? (video.currentTime / d) * 100 : 0;
  played.style.width = pct + '%';
  const b = video.buffered;
  buffered.style.width = d && b.length ? (b.end(b.length - 1) / d) * 100 + '%' : '0';
  time.textContent = `${clock(video.currentTime)} / ${clock(d)}`;
  progress.setAttribute('aria-valuemax', String(Math.round(d)));
  progress.setAttribute('aria-valuenow', String(Math.round(video.currentTime)));
  progress.setAttribute('aria-valuetext', `${clock(video.currentTime)} of ${clock(d)}`);
  const paused = video.paused || inAd;
  setIcon(playBtn, paused ? 'play' : 'pause');
  playBtn.setAttribute('aria-label', paused ? 'Play' : 'Pause');
  setIcon(muteBtn, video.muted || video.volume === 0 ? 'muted' : 'volume');
  muteBtn.setAttribute('aria-label', video.muted ? 'Unmute' : 'Mute');
}
for (const e of ['timeupdate', 'durationchange', 'progress', 'play', 'pause', 'volumechange', 'seeked']) video.addEventListener(e, render);
render();

let storyboard: { cue: Cue; url: string; x: number; y: number; w: number; h: number }[] = [];
function showPreview(at: number) {
  const d = duration();
  if (!d) return;
  preview.hidden = false;
  preview.style.left = Math.min(100, Math.max(0, (at / d) * 100)) + '%';
  const ch = chapters.find((c) => at >= c.start && at < c.end);
  previewText.textContent = clock(at) + (ch ? ' · ' + ch.text : '');
  const tile = storyboard.find((s) => at >= s.cue.start && at < s.cue.end);
  previewImg.hidden = !tile;
  if (tile) {
    previewImg.style.width = tile.w + 'px';
    previewImg.style.height = tile.h + 'px';
    previewImg.style.backgroundImage = `url("${tile.url}")`;
    previewImg.style.backgroundPosition = `-${tile.x}px -${tile.y}px`;
  }
}
let hideTimer: number | undefined;
function flashPreview(at: number) {
  showPreview(at);
  clearTimeout(hideTimer);
  hideTimer = window.setTimeout(() => { preview.hidden = true; }, 1200);
}
const at = (e: PointerEvent) => {
  const r = progress.getBoundingClientRect();
  return Math.min(1, Math.max(0, (e.clientX - r.left) / r.width)) * duration();
};
let dragging = false;
progress.addEventListener('pointermove', (e) => { showPreview(at(e)); if (dragging) video.currentTime = at(e); });
progress.addEventListener('pointerleave', () => { if (!dragging) preview.hidden = true; });
progress.addEventListener('pointerdown', (e) => { dragging = true; progress.setPointerCapture(e.pointerId); video.currentTime = at(e); });
progress.addEventListener('pointerup', () => { dragging = false; preview.hidden = true; });
progress.addEventListener('click', (e) => e.stopPropagation());

function seekBy(delta: number) {
  if (inAd) return;
  const to = Math.min(duration(), Math.max(0, video.currentTime + delta));
  video.currentTime = to;
  flashPreview(to);
}
progress.addEventListener('keydown', (e) => {
  const d = duration();
  const jump: Record<string, number> = { Home: -d, End: d, PageUp: 10, PageDown: -10 };
  if (e.key in jump) { e.preventDefault(); e.stopPropagation(); seekBy(jump[e.key]); }
});

// Keyboard: space/k play, arrows seek and volume, m mute, f full screen, c captions.
document.addEventListener('keydown', (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const target = e.target as HTMLElement;
  const onButton = target.tagName === 'BUTTON' || target.tagName === 'INPUT';
  switch (e.key) {
    case ' ': case 'k': case 'K':
      if (onButton && e.key === ' ') return; // the button's own action
      toggle(); break;
    case 'ArrowLeft': case 'j': if (target.tagName === 'INPUT') return; seekBy(e.key === 'j' ? -10 : -5); break;
    case 'ArrowRight': case 'l': if (target.tagName === 'INPUT') return; seekBy(e.key === 'l' ? 10 : 5); break;
    case 'ArrowUp': case 'ArrowDown':
      if (target.tagName === 'INPUT') return;
      video.volume = Math.min(1, Math.max(0, video.volume + (e.key === 'ArrowUp' ? 0.1 : -0.1)));
      volume.value = String(video.volume);
      break;
    case 'm': case 'M': video.muted = !video.muted; break;
    case 'f': case 'F': toggleFullscreen(); break;
    case 'c': case 'C': {
      const on = tracks().some((t) => t.mode === 'showing');
      if (cfg.captions.length) showCaptions(on ? null : (cfg.captions.find((c) => c.language === opts.defaultCaptionLanguage) || cfg.captions[0]).language);
      break;
    }
    default: return;
  }
  e.preventDefault();
});

// Chapters and storyboard load once the first frame is there (or after 1.5 s):
// their requests do not compete with the manifest and first segment.
const sideLoad = new Promise<void>((resolve) => {
  video.addEventListener('loadeddata', () => resolve(), { once: true });
  window.setTimeout(resolve, 1500);
});
if (cfg.chapters) {
  void sideLoad.then(() => fetchCues(cfg.chapters!)).then((cues) => {
    chapters = cues;
    chaptersBtn.parentElement!.hidden = !cues.length;
    const d = duration();
    for (const c of cues) {
      if (c.start <= 0 || !d) continue;
      el('span', 'vp-mark', { title: c.text }, marks).style.left = (c.start / d) * 100 + '%';
    }
    log('chapters', cues.length);
  });
}
if (cfg.storyboard) {
  const base = new URL(cfg.storyboard, location.href);
  void sideLoad.then(() => fetchCues(cfg.storyboard!)).then((cues) => {
    storyboard = cues.flatMap((cue) => {
      const m = /^(.*)#xywh=(\d+),(\d+),(\d+),(\d+)$/.exec(cue.text);
      return m ? [{ cue, url: new URL(m[1], base).href, x: +m[2], y: +m[3], w: +m[4], h: +m[5] }] : [];
    });
    log('storyboard', storyboard.length);
  });
}

// A pre-roll's code loads beside the video's, not after it.
if (preRoll) void loadAds();

window.vidraPlayer = { video, hls, viewId, events, beacon, get chapters() { return chapters; }, play };
log('init');
if (opts.autoplay) void play();
