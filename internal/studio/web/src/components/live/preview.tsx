// preview.tsx: the session in progress played by the project's embeddable
// player (GET /embed/{videoId} of the session's video, in an iframe), with a
// playback token when the project signs playback. It appears once the ingest
// has reported the picture (its first statistics, a few seconds in), by when
// the first HLS segment exists; until then the player's manifest request
// would be held or refused.
import { useEffect, useState } from 'preact/hooks';
import { gql } from '../../api';
import type { StreamDetail } from './model';

/** The preview of stream's session in progress, or why there is none. */
export function Preview(props: { project: string; stream: StreamDetail }) {
  const s = props.stream;
  const cur = s.currentSession;
  const video = cur?.video;
  const ready = !!(video?.embedURL && (s.status === 'active' || s.status === 'disconnected') && cur!.width > 0);
  return (
    <section class="card live-section" aria-labelledby="preview-h">
      <h2 id="preview-h">Preview</h2>
      {ready
        ? <PreviewFrame key={cur!.id} project={props.project} videoID={video!.id} embedURL={video!.embedURL!} />
        : <p class="muted live-preview-empty">{s.status === 'active' ? 'The preview appears once the first seconds of the stream are packaged.' : 'Nothing is being broadcast.'}</p>}
    </section>
  );
}

/** The player's iframe; its address is the embed page's path (same origin as the console). */
function PreviewFrame(props: { project: string; videoID: string; embedURL: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    let live = true;
    embedSource(props.project, props.videoID, props.embedURL)
      .then((u) => { if (live) setSrc(u); })
      .catch((e) => { if (live) setError(e.message || String(e)); });
    return () => { live = false; };
  }, [props.videoID]);
  if (error) return <p class="error-box" role="alert">The preview cannot be shown: {error}</p>;
  if (!src) return <p class="muted" aria-busy="true">Loading the player…</p>;
  return <iframe class="live-preview" title="Preview" src={src} allow="autoplay; fullscreen" />;
}

/** The embed page's path, with a token for the session when the project signs playback. */
async function embedSource(project: string, videoID: string, embedURL: string): Promise<string> {
  const u = new URL(embedURL, location.origin);
  const ac = await gql<{ accessControl: { playback: string; tokenTTLMax: number } | null }>('LivePreviewAccess', { projectID: project });
  if (ac.accessControl?.playback === 'signed') {
    const t = await gql<{ createPlaybackToken: { token: string } }>('LivePreviewToken', {
      videoID, projectID: project, expiresIn: ac.accessControl.tokenTTLMax || undefined,
    });
    u.searchParams.set('token', t.createPlaybackToken.token);
  }
  return u.pathname + u.search;
}
