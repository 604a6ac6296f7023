// play.js: plays a Vidra video with hls.js by a script of steps and reports what the
// browser saw (the oracle of the playback and analytics tests).
//
// Configuration: the page's query parameter cfg, JSON:
//   src        the master playlist URL (/v1/play/{id}/master.m3u8)
//   steps      [{play: seconds}, {pause: seconds}, {seek: position}, {fail: seconds}]: play
//              until the playhead has advanced that much, stay paused that long, seek, play
//              until hls.js reports a fatal error (within that many seconds, else it fails)
//   hls        extra hls.js configuration
//   cmcd       {sessionId, contentId, url, events, interval}: hls.js CMCD v2, with an event
//              target at url (event mode) when url is set
//   beacon     options of VidraBeacon.attach (endpoint, videoId, viewId, ...), or absent
//   rate       playback rate (default 1)
// Result (window.vidraTestResult): played ranges and their total, wall time in the
// playing state, the media events seen, hls.js errors, the beacon's batch statuses.
(function () {
  'use strict';
  const cfg = JSON.parse(new URLSearchParams(location.search).get('cfg') || '{}');
  const video = document.getElementById('video');
  const log = [];
  const hlsErrors = [];
  const t0 = performance.now();
  const note = (what) => log.push({ e: what, at: Math.round(performance.now() - t0), pt: Math.round(video.currentTime * 1000) });

  // Wall time in the playing state: from 'playing' to the next pause, seek, stall or end.
  let playingSince = null;
  let playingMs = 0;
  const stopClock = () => {
    if (playingSince !== null) playingMs += performance.now() - playingSince;
    playingSince = null;
  };
  video.addEventListener('playing', () => { note('playing'); if (playingSince === null) playingSince = performance.now(); });
  for (const e of ['pause', 'waiting', 'seeking', 'ended', 'emptied']) {
    video.addEventListener(e, () => { note(e); stopClock(); });
  }
  video.addEventListener('seeked', () => note('seeked'));
  video.addEventListener('error', () => note('error'));

  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const once = (name) => new Promise((r) => video.addEventListener(name, r, { once: true }));
  const until = (cond, timeoutMs, what) => new Promise((resolve, reject) => {
    const start = performance.now();
    const tick = () => {
      if (cond()) return resolve();
      if (video.error) return reject(new Error(`media error ${video.error.code} while waiting for ${what}`));
      if (performance.now() - start > timeoutMs) return reject(new Error(`timed out waiting for ${what} (playhead ${video.currentTime}, ${hlsErrors.length} hls errors: ${JSON.stringify(hlsErrors.slice(-3))})`));
      setTimeout(tick, 20);
    };
    tick();
  });

  // A sample of (wall ms, playhead ms, readyState) each second, for diagnosis.
  const trace = [];
  const tracer = setInterval(() => trace.push([Math.round(performance.now() - t0), Math.round(video.currentTime * 1000), video.readyState, video.paused ? 1 : 0]), 1000);

  function ranges() {
    const out = [];
    for (let i = 0; i < video.played.length; i++) out.push([video.played.start(i), video.played.end(i)]);
    return out;
  }

  async function run() {
    if (!window.Hls || !Hls.isSupported()) throw new Error('hls.js is not supported here (no MediaSource)');
    const hlsConfig = Object.assign({ enableWorker: true }, cfg.hls || {});
    if (cfg.cmcd) {
      hlsConfig.cmcd = { version: 2, sessionId: cfg.cmcd.sessionId, contentId: cfg.cmcd.contentId };
      if (cfg.cmcd.url) {
        hlsConfig.cmcd.eventTargets = [{
          url: cfg.cmcd.url, version: 2,
          events: cfg.cmcd.events || ['ps', 'e', 't', 'bc'],
          interval: cfg.cmcd.interval || 10, batchSize: 1,
        }];
      }
    }
    const hls = new Hls(hlsConfig);
    let fatal = null;
    hls.on(Hls.Events.ERROR, (_, d) => {
      hlsErrors.push({ type: d.type, details: d.details, fatal: !!d.fatal });
      // A player stops on a fatal error (what it has buffered is not played on).
      if (d.fatal && !fatal) { fatal = d.details; note('fatal ' + d.details); stopClock(); video.pause(); }
    });
    const beacon = cfg.beacon ? VidraBeacon.attach(video, Object.assign({ hls }, cfg.beacon)) : null;
    const parsed = new Promise((resolve, reject) => {
      hls.on(Hls.Events.MANIFEST_PARSED, (_, d) => resolve(d));
      hls.on(Hls.Events.ERROR, (_, d) => { if (d.fatal) reject(new Error(`hls.js fatal error ${d.type}/${d.details}`)); });
    });
    hls.loadSource(cfg.src);
    hls.attachMedia(video);
    const manifest = await parsed;
    if (!(video.duration > 0)) await once('durationchange');
    if (cfg.rate) video.playbackRate = cfg.rate;

    for (const step of cfg.steps || [{ play: 5 }]) {
      if (step.play !== undefined) {
        const from = video.currentTime;
        const end = Math.min(from + step.play, video.duration - 0.05);
        const started = once('playing');
        await video.play();
        await started;
        await until(() => video.currentTime >= end || video.ended, step.play * 1000 / (cfg.rate || 1) + 20000, `playhead ${end}`);
        if (!video.ended) video.pause();
      } else if (step.pause !== undefined) {
        if (!video.paused) video.pause();
        await sleep(step.pause * 1000);
      } else if (step.fail !== undefined) {
        video.play().catch(() => {});
        await until(() => fatal !== null, step.fail * 1000, 'a fatal hls.js error');
      } else if (step.seek !== undefined) {
        const done = once('seeked');
        video.currentTime = step.seek;
        await done;
      }
    }
    stopClock();
    clearInterval(tracer);
    const played = ranges();
    return {
      played,
      playedSeconds: played.reduce((s, r) => s + (r[1] - r[0]), 0),
      playingMs: Math.round(playingMs),
      duration: video.duration,
      currentTime: video.currentTime,
      levels: manifest.levels.map((l) => ({ width: l.width, height: l.height, bitrate: l.bitrate })),
      events: log,
      trace,
      hlsErrors,
      fatal,
      beacon: beacon ? { viewId: beacon.viewId, sessionId: beacon.sessionId, sent: beacon.sent() } : null,
      userAgent: navigator.userAgent,
    };
  }

  window.vidraTestResult = run();
})();
