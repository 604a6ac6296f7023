// video-player.tsx: the Vidra player of a video (its embed page, /embed/{id},
// in an iframe) once the video is ready; before, its processing status, which
// the page keeps live through the videoUpdated subscription.
import { useEffect, useState } from 'preact/hooks';
import { gql } from '../api';
import { ErrorBox, bytes, duration } from '../ui';
import type { SectionProps } from './video-types';

const statusText: Record<string, string> = {
  created: 'Waiting for its file: nothing was uploaded yet.',
  uploading: 'Uploading.',
  processing: 'Processing: the renditions are being encoded.',
  failed: 'Processing failed.',
  live: 'This video is a live stream recording in progress.',
};

/** The player once the video is ready, else its status and progress. */
export function VideoPlayer(props: SectionProps) {
  const v = props.video;
  const access = v.project?.accessControl;
  const signed = access?.playback === 'signed';
  const [src, setSrc] = useState<string | null>(signed ? null : v.embedURL);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (v.status !== 'ready') return;
    if (!signed) { setSrc(v.embedURL); return; }
    // The project signs playback: the player needs a playback token.
    gql('VideoPlaybackToken', { videoID: v.id, projectID: props.projectID })
      .then((r) => {
        const u = new URL(v.embedURL, location.origin);
        u.searchParams.set('token', r.createPlaybackToken.token);
        setSrc(u.toString());
      })
      .catch(setError);
  }, [v.id, v.status, v.embedURL, signed]);

  if (v.status !== 'ready') {
    const pct = Math.round(Math.min(1, Math.max(0, v.progress || 0)) * 100);
    return (
      <div class="video-player video-pending card" role="status" aria-live="polite">
        <p><span class={`badge ${v.status}`}>{v.status}</span> {statusText[v.status] || ''}</p>
        {(v.status === 'processing' || v.status === 'uploading') && (
          <div class="progress" role="progressbar" aria-label="Processing progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct}>
            <div style={{ width: pct + '%' }} />
          </div>
        )}
        {v.status === 'failed' && v.failureReason && <p class="error-text">{v.failureReason}</p>}
        <p class="muted">The player appears here when the video is ready; this page updates by itself.</p>
      </div>
    );
  }
  return (
    <div class="video-player">
      <ErrorBox error={error} />
      {src && (
        <div class="video-frame" style={{ aspectRatio: `${v.width || 16} / ${v.height || 9}` }}>
          <iframe title={`Player: ${v.title}`} src={src} allow="autoplay; fullscreen; picture-in-picture; encrypted-media" allowFullScreen />
        </div>
      )}
      <p class="muted video-facts">
        {duration(v.duration)} · {v.width}×{v.height} · {bytes(v.size)} source · packaged as {v.packaging === 'cmaf' ? 'CMAF (HLS and DASH)' : 'MPEG-TS (HLS)'}
      </p>
    </div>
  );
}
