// live.js: plays a live stream with hls.js (low latency mode unless cfg.hls says
// otherwise) until the playhead has advanced cfg.seconds, and reports what
// hls.js loaded and decrypted (the oracle of the live playback tests).
//
// Configuration: the page's query parameter cfg, JSON:
//   src      the master playlist URL
//   seconds  how far the playhead must advance (default 5)
//   timeout  seconds to wait for it (default 60)
//   hls      extra hls.js configuration
// Result (window.vidraTestResult): playhead advance, parts and fragments loaded
// (with whether the parts were encrypted), hls.js errors, the latency to the
// live edge at the end.
(function () {
  'use strict';
  const cfg = JSON.parse(new URLSearchParams(location.search).get('cfg') || '{}');
  const video = document.getElementById('video');
  const hlsErrors = [];
  let parts = 0;
  let encryptedParts = 0;
  let frags = 0;

  async function run() {
    if (!window.Hls || !Hls.isSupported()) throw new Error('hls.js is not supported here (no MediaSource)');
    const hls = new Hls(Object.assign({ lowLatencyMode: true, maxLiveSyncPlaybackRate: 1.5 }, cfg.hls || {}));
    let fatal = null;
    hls.on(Hls.Events.ERROR, (_, d) => {
      hlsErrors.push({ type: d.type, details: d.details, fatal: !!d.fatal });
      if (d.fatal && !fatal) fatal = d.details;
    });
    hls.on(Hls.Events.FRAG_LOADED, (_, d) => {
      if (d.part) {
        parts++;
        if (d.frag.encrypted) encryptedParts++;
      } else {
        frags++;
      }
    });
    hls.loadSource(cfg.src);
    hls.attachMedia(video);
    await new Promise((resolve, reject) => {
      hls.on(Hls.Events.MANIFEST_PARSED, resolve);
      hls.on(Hls.Events.ERROR, (_, d) => { if (d.fatal) reject(new Error(`hls.js fatal error ${d.type}/${d.details}`)); });
    });
    video.play().catch(() => {}); // a live reload may interrupt the first play()
    const want = cfg.seconds || 5;
    const limit = performance.now() + (cfg.timeout || 60) * 1000;
    let from = null;
    for (;;) {
      if (from === null && video.currentTime > 0) from = video.currentTime;
      if (from !== null && video.currentTime - from >= want) break;
      if (fatal) break;
      if (performance.now() > limit) break;
      if (video.paused && video.readyState >= 2) video.play().catch(() => {});
      await new Promise((r) => setTimeout(r, 50));
    }
    return {
      advanced: from === null ? 0 : video.currentTime - from,
      parts, encryptedParts, frags,
      latency: hls.latency,
      hlsErrors,
      fatal,
    };
  }

  window.vidraTestResult = run();
})();
