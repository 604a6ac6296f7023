// cors.js: calls a Vidra server on another origin with fetch(), as a customer's
// page does, and reports what the browser let the page read (the oracle of the
// CORS browser test, internal/browsertest/cors_test.go).
//
// Configuration: the page's query parameter cfg, JSON:
//   api          the Vidra server's base URL (another origin than this page's)
//   calls        [{name, method, path, headers, body}]: requests to make in order
// Result (window.vidraTestResult): {name: {status, success, headers}} for a call
// the browser let the page read (status and the REST envelope's success, and
// the response headers the page can see), or {name: {blocked: message}} for one
// the browser refused (a CORS failure is a TypeError without a status).
(function () {
  'use strict';
  const cfg = JSON.parse(new URLSearchParams(location.search).get('cfg') || '{}');
  window.vidraTestResult = (async () => {
    const out = {};
    for (const c of cfg.calls || []) {
      try {
        const res = await fetch(cfg.api + c.path, {
          method: c.method || 'GET',
          headers: c.headers || {},
          body: c.body === undefined ? undefined : JSON.stringify(c.body),
          mode: 'cors',
          credentials: 'omit',
        });
        const text = await res.text();
        let success = null;
        try { const j = JSON.parse(text); success = j.success ?? (j.errors ? false : (j.data ? true : null)); } catch (e) { /* not JSON */ }
        const headers = {};
        res.headers.forEach((v, k) => { headers[k] = v; });
        out[c.name] = { status: res.status, success, headers };
      } catch (e) {
        out[c.name] = { blocked: String(e) };
      }
    }
    return out;
  })();
})();
