// g2g.js: measures glass-to-glass latency of a live stream played by hls.js as the
// embedded player configures it (low latency mode, catching up at up to 1.5x; cfg.hls
// overrides). The publisher paints on every
// frame its capture wall clock, in milliseconds modulo 2^24, as 24 black or
// white blocks (6 columns x 4 rows, bit i at column i%6, row i/6, least
// significant first). For each frame Chromium presents (requestVideoFrameCallback)
// the page draws it on a canvas, reads the blocks and takes the presentation
// wall clock minus the capture wall clock: the glass-to-glass latency, on the
// one clock of the machine that runs publisher and browser.
//
// Configuration: the page's query parameter cfg, JSON:
//   src      the master playlist URL
//   seconds  how long to measure from the first presented frame (default 60)
//   timeout  seconds to wait for the first frame (default 60)
//   hls      extra hls.js configuration
//   log      "warn": keep hls.js's warnings and errors in the result; "all": its
//            log lines too (around the first stall, else the first 200)
// Result (window.vidraTestResult): the latency of each presented frame (ms),
// frames presented and distinct frames read, frames never presented between
// the first and the last, 'waiting' events and gaps of more than 1 s between
// presented frames after the first, the longest gap, hls.js errors and its
// own latency estimate at the end, and when the stalls and errors came.
(function () {
  'use strict';
  const cfg = JSON.parse(new URLSearchParams(location.search).get('cfg') || '{}');
  const video = document.getElementById('video');
  const M = 1 << 24;
  const hlsErrors = [];
  const g2g = [];
  let presented = 0, unreadable = 0, waiting = 0, gaps = 0, maxGap = 0;
  let lastWall = null, firstWall = null, minCode = null, maxCode = null;
  const codes = new Set();
  let canvas = null, ctx = null;

  // read returns the capture clock painted in the frame now on the canvas.
  function read(w, h) {
    const data = ctx.getImageData(0, 0, w, h).data;
    let code = 0;
    for (let i = 0; i < 24; i++) {
      const x = Math.floor(((i % 6) + 0.5) * w / 6);
      const y = Math.floor((Math.floor(i / 6) + 0.5) * h / 4);
      const o = (y * w + x) * 4;
      const lum = (data[o] + data[o + 1] + data[o + 2]) / 3;
      if (lum > 128) code += 2 ** i;
    }
    return code;
  }

  function onFrame(now, meta) {
    if (firstWall !== null && performance.timeOrigin + now - firstWall > (cfg.seconds || 60) * 1000) return;
    const wall = performance.timeOrigin + (meta.expectedDisplayTime || now);
    const w = video.videoWidth, h = video.videoHeight;
    if (w > 0 && h > 0) {
      if (!canvas || canvas.width !== w || canvas.height !== h) {
        canvas = document.createElement('canvas');
        canvas.width = w;
        canvas.height = h;
        ctx = canvas.getContext('2d', { willReadFrequently: true });
      }
      ctx.drawImage(video, 0, 0, w, h);
      const code = read(w, h);
      const d = (((Math.round(wall) % M) - code) % M + M) % M;
      if (d < 60000) {
        presented++;
        g2g.push(d);
        const cap = Math.round(wall) - d; // the capture wall clock, ms
        codes.add(cap);
        if (minCode === null || cap < minCode) minCode = cap;
        if (maxCode === null || cap > maxCode) maxCode = cap;
        if (firstWall === null) firstWall = wall;
        if (lastWall !== null) {
          const gap = wall - lastWall;
          if (gap > maxGap) maxGap = gap;
          if (gap > 1000) gaps++;
        }
        lastWall = wall;
      } else {
        unreadable++;
      }
    }
    video.requestVideoFrameCallback(onFrame);
  }

  async function run() {
    if (!window.Hls || !Hls.isSupported()) throw new Error('hls.js is not supported here (no MediaSource)');
    if (!('requestVideoFrameCallback' in HTMLVideoElement.prototype)) throw new Error('no requestVideoFrameCallback');
    const warnings = [];
    const at = () => (firstWall === null ? 0 : (performance.timeOrigin + performance.now() - firstWall) / 1000).toFixed(2);
    const keep = (...a) => { warnings.push(at() + ' ' + a.map(String).join(' ')); };
    const quiet = () => {};
    const logger = cfg.log ? { trace: quiet, debug: quiet, log: cfg.log === 'all' ? keep : quiet, info: quiet, warn: keep, error: keep } : false;
    const hls = new Hls(Object.assign({ lowLatencyMode: true, maxLiveSyncPlaybackRate: 1.5, debug: logger }, cfg.hls || {}));
    let fatal = null;
    hls.on(Hls.Events.ERROR, (_, d) => {
      hlsErrors.push({ type: d.type, details: d.details, fatal: !!d.fatal });
      if (d.fatal && !fatal) fatal = d.details;
    });
    const events = [];
    let waitedAt = null;
    let waitingLater = 0; // after the first second (not hls.js's start-up seek)
    video.addEventListener('waiting', () => {
      if (firstWall === null) return;
      waiting++;
      if ((performance.timeOrigin + performance.now() - firstWall) > 1000) waitingLater++;
      if (waitedAt === null) waitedAt = (performance.timeOrigin + performance.now() - firstWall) / 1000;
      events.push({ type: 'waiting', at: (performance.timeOrigin + performance.now() - firstWall) / 1000, currentTime: video.currentTime });
    });
    hls.on(Hls.Events.ERROR, (_, d) => {
      if (firstWall !== null) events.push({ type: d.details, at: (performance.timeOrigin + performance.now() - firstWall) / 1000, currentTime: video.currentTime });
    });
    hls.loadSource(cfg.src);
    hls.attachMedia(video);
    video.requestVideoFrameCallback(onFrame);
    video.play().catch(() => {});
    const start = performance.now();
    for (;;) {
      if (fatal) break;
      if (firstWall === null && performance.now() - start > (cfg.timeout || 60) * 1000) break;
      if (firstWall !== null && performance.timeOrigin + performance.now() - firstWall > (cfg.seconds || 60) * 1000 + 500) break;
      if (video.paused && video.readyState >= 2) video.play().catch(() => {});
      await new Promise((r) => setTimeout(r, 100));
    }
    // A stall that lasts to the end is a gap too.
    if (lastWall !== null) {
      const tail = performance.timeOrigin + performance.now() - lastWall;
      if (tail > maxGap) maxGap = tail;
      if (tail > 1000) gaps++;
    }
    // Frames captured between the first and last presented, at the
    // publisher's 30 fps, that were never presented.
    const span = minCode === null ? 0 : maxCode - minCode;
    return {
      g2g, presented, distinct: codes.size, unreadable,
      missed: Math.max(0, Math.round(span / (1000 / 30)) + 1 - codes.size),
      measuredSeconds: firstWall === null ? 0 : (lastWall - firstWall) / 1000,
      waiting, waitingLater, gaps, maxGap,
      latency: hls.latency, targetLatency: hls.targetLatency,
      hlsErrors, fatal, events,
      // the log from 3 s before the first stall to 4 s after (the first 200
      // lines without a stall)
      warnings: waitedAt === null ? warnings.slice(0, 200)
        : warnings.filter((w) => { const t = parseFloat(w); return t >= waitedAt - 3 && t <= waitedAt + 4; }),
    };
  }

  window.vidraTestResult = run();
})();
