// vidra-beacon.js: sends a <video> element's playback events to Vidra's analytics
// collector (POST /collect/v1/{projectId}/events), the format of docs/api/analytics.md "Analytics
// ingest". Plain script, no dependencies: VidraBeacon.attach(video, options).
//
// Events go out in batches (every flushMs, and at once on pause, end and error) with
// fetch keepalive; the last batch (viewend) goes with navigator.sendBeacon on pagehide.
// Bodies are sent as text/plain, so no CORS preflight is needed. A batch the collector
// did not take (network error, 429, 5xx) is sent again with the next one; the
// collector ignores events it already has (view_id + seq).
(function (global) {
  'use strict';

  function uuid() {
    if (global.crypto && global.crypto.randomUUID) return global.crypto.randomUUID();
    var b = new Uint8Array(16);
    global.crypto.getRandomValues(b);
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    var h = Array.prototype.map.call(b, function (x) { return (x + 0x100).toString(16).slice(1); }).join('');
    return h.slice(0, 8) + '-' + h.slice(8, 12) + '-' + h.slice(12, 16) + '-' + h.slice(16, 20) + '-' + h.slice(20);
  }

  // attach starts a view of the video element and returns its controller.
  // options: endpoint (the collector URL, /collect/v1/{projectId}/events), videoId, and
  // optionally viewId, sessionId, playerId, userId, token (the video's playback token,
  // needed when the project's playback is signed), playerSoftware, hls (an hls.js
  // instance: rendition changes, its errors, and the player software when not given),
  // heartbeatMs (10000), flushMs (5000).
  function attach(video, options) {
    var o = options || {};
    var state = {
      viewId: o.viewId || uuid(),
      sessionId: o.sessionId || uuid(),
      seq: 0,
      queue: [],
      inflight: false,
      started: false,
      playing: false,
      rebuffering: false,
      ended: false,
      closed: false,
      heartbeat: null,
      flushTimer: null,
      sent: [],
    };
    var heartbeatMs = o.heartbeatMs || 10000;
    var flushMs = o.flushMs || 5000;
    var software = o.playerSoftware || (o.hls && global.Hls && global.Hls.version ? 'hls.js ' + global.Hls.version : '');

    function body(events) {
      var b = { v: 1, view_id: state.viewId, session_id: state.sessionId, video_id: o.videoId, events: events };
      if (o.playerId) b.player_id = o.playerId;
      if (o.userId) b.user_id = o.userId;
      if (o.token) b.token = o.token;
      if (software) b.player_software = software;
      return JSON.stringify(b);
    }

    function push(type, extra) {
      if (state.closed) return;
      var ev = { seq: state.seq++, e: type, t: Date.now(), pt: Math.round((video.currentTime || 0) * 1000) };
      if (extra) for (var k in extra) ev[k] = extra[k];
      state.queue.push(ev);
    }

    function flush() {
      if (state.inflight || !state.queue.length) return;
      var events = state.queue.slice();
      state.inflight = true;
      fetch(o.endpoint, { method: 'POST', body: body(events), headers: { 'Content-Type': 'text/plain' }, keepalive: true, credentials: 'omit' })
        .then(function (res) {
          state.sent.push(res.status);
          if (res.ok || (res.status >= 400 && res.status < 500 && res.status !== 429)) {
            // Taken, or refused for good: either way these events are done.
            state.queue.splice(0, events.length);
            if (!res.ok) console.warn('vidra-beacon: collector answered ' + res.status);
          }
        })
        .catch(function () { state.sent.push(0); })
        .then(function () { state.inflight = false; });
    }

    function startHeartbeat() {
      stopHeartbeat();
      state.heartbeat = setInterval(function () { push('heartbeat'); }, heartbeatMs);
    }
    function stopHeartbeat() {
      if (state.heartbeat) clearInterval(state.heartbeat);
      state.heartbeat = null;
    }

    var on = function (name, fn) { video.addEventListener(name, fn); };
    on('playing', function () {
      if (state.rebuffering) { state.rebuffering = false; push('rebufferend'); }
      state.started = true;
      state.playing = true;
      state.ended = false;
      push('playing', video.playbackRate !== 1 ? { rate: video.playbackRate } : null);
      startHeartbeat();
    });
    on('pause', function () {
      if (video.ended) return;
      state.playing = false;
      stopHeartbeat();
      push('pause');
      flush();
    });
    on('seeking', function () { state.playing = false; stopHeartbeat(); push('seeking'); });
    on('seeked', function () { push('seeked'); });
    on('waiting', function () {
      if (!state.started || video.seeking || video.paused || state.rebuffering) return;
      state.rebuffering = true;
      state.playing = false;
      stopHeartbeat();
      push('rebufferstart');
    });
    on('ended', function () {
      state.ended = true;
      state.playing = false;
      stopHeartbeat();
      push('ended');
      flush();
    });
    on('error', function () {
      var err = video.error;
      push('error', { code: 'media_error_' + (err ? err.code : 0), message: err ? err.message || '' : '', fatal: true });
      flush();
    });
    if (o.hls && global.Hls) {
      o.hls.on(global.Hls.Events.LEVEL_SWITCHED, function (_, data) {
        var level = o.hls.levels[data.level] || {};
        push('renditionchange', { rendition: level.height ? level.height + 'p' : '', bitrate: level.bitrate || 0 });
      });
      // Only fatal errors: hls.js reports routine recoveries (a stall, a hole in the
      // buffer skipped) as non-fatal errors, which a viewer never notices.
      o.hls.on(global.Hls.Events.ERROR, function (_, data) {
        if (!data.fatal) return;
        push('error', { code: String(data.details || data.type), message: String(data.reason || (data.error && data.error.message) || ''), fatal: true });
        flush();
      });
    }

    function close() {
      if (state.closed) return;
      push('viewend');
      state.closed = true;
      stopHeartbeat();
      clearInterval(state.flushTimer);
      var data = body(state.queue.splice(0));
      var sent = navigator.sendBeacon && navigator.sendBeacon(o.endpoint, new Blob([data], { type: 'text/plain' }));
      if (!sent) fetch(o.endpoint, { method: 'POST', body: data, headers: { 'Content-Type': 'text/plain' }, keepalive: true, credentials: 'omit' }).catch(function () {});
    }
    global.addEventListener('pagehide', close);

    push('viewstart');
    state.flushTimer = setInterval(flush, flushMs);
    flush();

    return {
      viewId: state.viewId,
      sessionId: state.sessionId,
      // statuses of the batches sent so far (0: network error)
      sent: function () { return state.sent.slice(); },
      flush: flush,
      close: close,
    };
  }

  global.VidraBeacon = { attach: attach, uuid: uuid };
})(window);
