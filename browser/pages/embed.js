// embed.js: embeds the player page named by ?cfg= ({src, until, events, lazy,
// timeoutMs}) in an iframe, as a customer's page does, and reports the player's
// state (window.vidraPlayer of the frame, or its refusal page) as the test
// result: when content currentTime >= until and every name of `events` is in
// the player's event log, or at once for a refusal. With lazy the result is the
// state when the driver asks for it (after its keyboard actions).
(function () {
  'use strict';
  var cfg = JSON.parse(new URLSearchParams(location.search).get('cfg'));
  var frame = document.createElement('iframe');
  frame.width = cfg.width || 640;
  frame.height = cfg.height || 360;
  frame.allow = 'autoplay; fullscreen; picture-in-picture';
  frame.title = 'Video';
  frame.src = cfg.src;
  document.body.appendChild(frame);
  var began = performance.now();
  // What the player told this page (postMessage {vidra, videoId, detail}), in order.
  var messages = [];
  window.addEventListener('message', function (m) {
    if (m.source === frame.contentWindow && m.data && m.data.vidra) messages.push({ e: m.data.vidra, videoId: m.data.videoId });
  });

  function state() {
    var w = frame.contentWindow, doc = frame.contentDocument;
    if (!doc) return { status: 'loading' };
    var refusal = doc.getElementById('vidra-refusal');
    if (refusal) return { status: 'refused', refusal: refusal.textContent, httpStatus: Number(refusal.dataset.status) };
    var vp = w.vidraPlayer;
    if (!vp) return { status: 'loading' };
    var v = vp.video;
    var tracks = Array.prototype.map.call(v.textTracks, function (t) {
      return { language: t.language, mode: t.mode, cues: t.cues ? t.cues.length : 0, active: t.activeCues ? t.activeCues.length : 0 };
    });
    var buttons = Array.prototype.map.call(doc.querySelectorAll('button, [role=slider], input'), function (b) {
      return b.getAttribute('aria-label');
    });
    var a = doc.activeElement;
    var adLayer = doc.querySelector('.vp-ad'), skip = doc.querySelector('.vp-ad-skip');
    var preview = doc.querySelector('.vp-preview'), img = doc.querySelector('.vp-preview-img');
    return {
      status: 'ok', currentTime: v.currentTime, paused: v.paused, muted: v.muted, readyState: v.readyState,
      events: vp.events, viewId: vp.viewId, tracks: tracks, chapters: vp.chapters.length,
      marks: doc.querySelectorAll('.vp-mark').length, labels: buttons,
      levels: vp.hls ? vp.hls.levels.map(function (l) { return l.height; }) : [],
      focused: a && a.getAttribute('aria-label'), menuOpen: !!doc.querySelector('.vp-menu:not([hidden])'),
      beaconSent: vp.beacon.sent.slice(), messages: messages.slice(), elapsedMs: Math.round(performance.now() - began),
      ad: {
        shown: !!adLayer && !adLayer.hidden, playing: !!(adLayer && adLayer.querySelector('video')),
        skip: skip ? { text: skip.textContent, disabled: skip.disabled } : null,
      },
      preview: preview ? {
        shown: !preview.hidden, text: preview.textContent, image: img.hidden ? '' : img.style.backgroundImage,
        width: img.offsetWidth, height: img.offsetHeight, position: img.style.backgroundPosition, left: preview.style.left,
      } : null,
    };
  }
  window.embedState = state;

  function done(s) {
    if (s.status === 'refused') return true;
    if (s.status !== 'ok') return false;
    var names = s.events.map(function (e) { return e.e; });
    return s.currentTime >= (cfg.until || 0) && (cfg.events || []).every(function (e) { return names.indexOf(e) >= 0; });
  }
  function wait() {
    return new Promise(function (resolve) {
      var deadline = performance.now() + (cfg.timeoutMs || 45000);
      (function poll() {
        var s = state();
        if (done(s)) return resolve(s);
        if (performance.now() > deadline) { s.timeout = true; return resolve(s); }
        setTimeout(poll, 100);
      })();
    });
  }
  // firstFrame: the time from this page's navigation to the first frame the
  // framed player presents (requestVideoFrameCallback), in ms; and, on the same
  // clock, when the frame's request for the master playlist (*.m3u8 naming
  // master) started and its first segment's ended (Resource Timing), 0 if none.
  function firstFrame() {
    return new Promise(function (resolve) {
      (function poll() {
        var w = frame.contentWindow;
        var vp = w && w.vidraPlayer;
        if (!vp) return setTimeout(poll, 5);
        vp.video.requestVideoFrameCallback(function () {
          var shift = w.performance.timeOrigin - performance.timeOrigin;
          var entries = w.performance.getEntriesByType('resource');
          var find = function (re, key) {
            for (var i = 0; i < entries.length; i++) if (re.test(entries[i].name)) return entries[i][key] + shift;
            return 0;
          };
          resolve({
            firstFrameMs: w.performance.now() + shift,
            manifestStartMs: find(/master\.m3u8/, 'startTime'),
            segmentEndMs: find(/\.(ts|m4s)(\?|$)/, 'responseEnd'),
          });
        });
      })();
    });
  }
  if (cfg.firstFrame) window.vidraTestResult = firstFrame();
  else if (cfg.lazy) Object.defineProperty(window, 'vidraTestResult', { get: wait });
  else window.vidraTestResult = wait();
})();
