// Uploads a file to a Vidra server with tus-js-client (the standard tus client),
// for Go tests (internal/browsertest/tus_client_test.go). The settings come as
// JSON in VIDRA_TUS: {endpoint, token, file, chunkSize, retryDelays}. The
// outcome is written to stdout as one JSON line: {ok: true, url} or {ok:
// false, error}, after the client's requests ({method, url, status}) one line
// each as {request}.
import { readFileSync } from 'node:fs';
import * as tus from 'tus-js-client';

const cfg = JSON.parse(process.env.VIDRA_TUS);
const emit = (o) => process.stdout.write(JSON.stringify(o) + '\n');
const data = readFileSync(cfg.file);

const upload = new tus.Upload(data, {
  endpoint: cfg.endpoint,
  metadata: { token: cfg.token, filename: 'clip.mp4' },
  chunkSize: cfg.chunkSize,
  retryDelays: cfg.retryDelays,
  onAfterResponse: (req, res) => {
    emit({ request: { method: req.getMethod(), url: req.getURL(), status: res.getStatus() } });
  },
  onSuccess: () => {
    emit({ ok: true, url: upload.url });
    process.exit(0);
  },
  onError: (err) => {
    emit({ ok: false, error: String(err) });
    process.exit(0);
  },
});
upload.start();
