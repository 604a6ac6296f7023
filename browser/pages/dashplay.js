// dashplay.js: plays a Vidra video's DASH manifest with dash.js and reports what
// the browser saw (the DASH counterpart of play.js).
//
// Configuration: the page's query parameter cfg, JSON:
//   src    the MPD URL (/v1/play/{id}/manifest.mpd)
//   play   seconds to play from the start (default 4)
// Result (window.vidraTestResult): played ranges and their total, the duration,
// the picture's size, the video and audio representations dash.js found, the
// text tracks, and dash.js errors.
(function () {
  'use strict';
  const cfg = JSON.parse(new URLSearchParams(location.search).get('cfg') || '{}');
  const video = document.getElementById('video');
  const errors = [];
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const until = (cond, timeoutMs, what) => new Promise((resolve, reject) => {
    const start = performance.now();
    const tick = () => {
      if (cond()) return resolve();
      if (video.error) return reject(new Error(`media error ${video.error.code} while waiting for ${what}`));
      if (errors.length) return reject(new Error(`dash.js error while waiting for ${what}: ${JSON.stringify(errors)}`));
      if (performance.now() - start > timeoutMs) return reject(new Error(`timed out waiting for ${what} (playhead ${video.currentTime})`));
      setTimeout(tick, 20);
    };
    tick();
  });

  async function run() {
    if (!window.dashjs) throw new Error('dash.js did not load');
    const player = dashjs.MediaPlayer().create();
    player.on(dashjs.MediaPlayer.events.ERROR, (e) => errors.push({ code: e.error && e.error.code, message: e.error && e.error.message }));
    const initialized = new Promise((resolve) => player.on(dashjs.MediaPlayer.events.STREAM_INITIALIZED, resolve));
    player.initialize(video, cfg.src, false);
    await initialized;
    // Until the playhead reaches the asked time, or the end (a player may stop
    // a few frames short of it without an ended event).
    const seconds = Math.min(cfg.play || 4, video.duration - 0.1);
    await video.play();
    await until(() => video.currentTime >= seconds || video.ended, seconds * 1000 + 30000, `playhead ${seconds}`);
    video.pause();
    await sleep(100);
    const played = [];
    for (let i = 0; i < video.played.length; i++) played.push([video.played.start(i), video.played.end(i)]);
    const reps = (type) => (player.getRepresentationsByType ? player.getRepresentationsByType(type) : [])
      .map((r) => ({ id: r.id, width: r.width || 0, height: r.height || 0, bandwidth: r.bandwidth || 0 }));
    return {
      played,
      playedSeconds: played.reduce((s, r) => s + (r[1] - r[0]), 0),
      duration: video.duration,
      videoWidth: video.videoWidth,
      videoHeight: video.videoHeight,
      video: reps('video'),
      audio: reps('audio'),
      text: (player.getTracksFor('text') || []).map((t) => t.lang),
      decodedFrames: video.getVideoPlaybackQuality ? video.getVideoPlaybackQuality().totalVideoFrames : 0,
      audioBytes: video.webkitAudioDecodedByteCount || 0,
      errors,
      version: player.getVersion(),
    };
  }

  window.vidraTestResult = run();
})();
