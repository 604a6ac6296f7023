// bare.js: plays ?src= with hls.js and nothing else (the benchmark's baseline);
// window.vidraPlayer.video is the element, as on the embed page.
(function () {
  'use strict';
  var src = new URLSearchParams(location.search).get('src');
  var video = document.getElementById('v');
  var hls = new Hls();
  hls.loadSource(src);
  hls.attachMedia(video);
  video.play().catch(function () {});
  window.vidraPlayer = { video: video };
})();
