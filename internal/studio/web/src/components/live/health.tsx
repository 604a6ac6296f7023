// health.tsx: a stream's status and the health of its session in progress
// (protocol, bitrate, frame rate, picture, codecs, warnings, simulcast), as the
// ingest last reported them (every 5 s).
import { Fragment } from 'preact';
import { bytes, duration, when } from '../../ui';
import { warningText, type StreamDetail } from './model';
import { StatusBadge } from './status';

/** The stream's status (announced when it changes) and its session's health. */
export function HealthPanel(props: { stream: StreamDetail; now: number }) {
  const s = props.stream;
  const cur = s.currentSession;
  return (
    <section class="card live-section" aria-labelledby="status-h">
      <h2 id="status-h">Status</h2>
      <p role="status" class="live-status">
        <StatusBadge status={s.status} /> <StatusLine stream={s} now={props.now} />
      </p>
      {cur && (
        <dl class="live-stats">
          <dt>On air for</dt><dd>{duration((props.now - Date.parse(cur.startedAt)) / 1000)}</dd>
          <dt>Protocol</dt><dd>{cur.protocol.toUpperCase()} from {cur.remoteAddr || 'unknown address'}</dd>
          <dt>Picture</dt><dd>{cur.width ? `${cur.width}×${cur.height} at ${cur.fps.toFixed(1)} fps` : 'Not reported yet'}</dd>
          <dt>Bitrate</dt><dd>{cur.bitrateKbps ? `${cur.bitrateKbps} kbps` : '—'} ({bytes(cur.bytes)} received)</dd>
          <dt>Codecs</dt><dd>{[cur.videoCodec, cur.audioCodec].filter(Boolean).join(' + ') || '—'}</dd>
          <dt>Keyframe interval</dt><dd>{cur.keyframeIntervalSeconds ? `${cur.keyframeIntervalSeconds.toFixed(1)} s` : '—'}</dd>
          <dt>Reconnects</dt><dd>{cur.reconnects}</dd>
          <dt>Last data</dt><dd>{when(cur.lastDataAt)}</dd>
          <dt>Warnings</dt><dd>{cur.warnings.length ? cur.warnings.map((w) => warningText[w] || w).join('; ') : 'None'}</dd>
          {cur.simulcast.map((t) => (
            <Fragment key={t.targetID}>
              <dt>Simulcast {t.url}</dt>
              <dd>{t.state}{t.error ? `: ${t.error}` : ''} ({bytes(t.bytes)} sent)</dd>
            </Fragment>
          ))}
        </dl>
      )}
      <p class="muted live-note">Updated live as the ingest reports the session's figures (every 5 s) and at each change of status.</p>
    </section>
  );
}

/** One sentence on what the status means now. */
function StatusLine(props: { stream: StreamDetail; now: number }) {
  const s = props.stream;
  switch (s.status) {
    case 'active':
      return <span>A publisher is sending.</span>;
    case 'disconnected': {
      const left = s.reconnectDeadline ? Math.max(0, (Date.parse(s.reconnectDeadline) - props.now) / 1000) : null;
      return <span>The publisher dropped; the session waits for it to reconnect{left != null ? ` (${duration(left)} left)` : ''}.</span>;
    }
    case 'disabled':
      return <span>Publishers are refused until the stream is enabled.</span>;
    default:
      return <span>Waiting for a publisher.</span>;
  }
}
