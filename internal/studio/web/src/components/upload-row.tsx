// upload-row.tsx: one file's upload on the Upload screen: its bytes (progress
// bar, bytes sent of total, speed, Pause/Resume/Cancel), then its video's
// processing as videoUpdated reports it, then a link to the video.
import { paths } from '../routes';
import { Button, bytes } from '../ui';
import {
  cancelUpload, checkStatus, dismissUpload, pauseUpload, resumeUpload, sending, type Phase, type UploadItem,
} from './upload-store';

const phaseLabels: Record<Phase, string> = {
  queued: 'Queued', creating: 'Starting', uploading: 'Uploading', paused: 'Paused', error: 'Stopped',
  processing: 'Processing', ready: 'Ready', failed: 'Failed',
};

const badgeClasses: Record<Phase, string> = {
  queued: 'queued', creating: 'uploading', uploading: 'uploading', paused: '', error: 'error',
  processing: 'processing', ready: 'ready', failed: 'failed',
};

/** A whole percentage of part in total. */
function percent(part: number, total: number): number {
  return total > 0 ? Math.min(100, Math.floor((part * 100) / total)) : 0;
}

/** A labelled progress bar (role=progressbar, its value in percent). */
export function Bar(props: { label: string; value: number; text: string }) {
  return (
    <div class="progress upload-bar" role="progressbar" aria-label={props.label}
      aria-valuemin={0} aria-valuemax={100} aria-valuenow={props.value} aria-valuetext={props.text}>
      <div style={{ width: `${props.value}%` }} />
    </div>
  );
}

/** One upload: bytes, then processing, then the link to its video. */
export function UploadRow(props: { item: UploadItem }) {
  const it = props.item;
  const title = it.video?.title || it.name;
  return (
    <li class="card upload-item">
      <div class="upload-head">
        <h3>{it.name}</h3>
        <span class={`badge ${badgeClasses[it.phase]}`}>{phaseLabels[it.phase]}</span>
      </div>
      {sending(it) ? <Sending item={it} /> : <Processing item={it} />}
      {it.error && <p class="error-box" role="alert">{it.error}</p>}
      <div class="row">
        {it.phase === 'uploading' && <Button onClick={() => pauseUpload(it.id)} aria-label={`Pause the upload of ${it.name}`}>Pause</Button>}
        {(it.phase === 'paused' || it.phase === 'error') && (
          <Button kind="primary" onClick={() => resumeUpload(it.id)} aria-label={`Resume the upload of ${it.name}`}>Resume</Button>
        )}
        {sending(it) && <Button onClick={() => cancelUpload(it.id)} aria-label={`Cancel the upload of ${it.name}`}>Cancel</Button>}
        {it.phase === 'processing' && it.error && <Button onClick={() => checkStatus(it.id)}>Check the status again</Button>}
        {it.phase === 'ready' && <a class="btn btn-primary" href={paths.video(it.project, it.videoID)}>Open {title}</a>}
        {(it.phase === 'ready' || it.phase === 'failed') && (
          <Button onClick={() => dismissUpload(it.id)} aria-label={`Remove from list: ${it.name}`}>Remove from list</Button>
        )}
      </div>
    </li>
  );
}

/** The bytes of an upload under way. */
function Sending(props: { item: UploadItem }) {
  const it = props.item;
  const pct = percent(it.sent, it.size);
  const text = `${pct}%: ${bytes(it.sent)} of ${bytes(it.size)}`;
  return (
    <>
      <Bar label={`Upload of ${it.name}`} value={pct} text={text} />
      <p class="upload-stats">
        <span>{text}</span>
        {it.phase === 'uploading' && it.speed > 0 && <span>{bytes(it.speed)}/s</span>}
        {it.phase === 'uploading' && it.speed > 0 && <span>{remaining(it)} left</span>}
      </p>
      {it.resumedAt !== null && (
        <p class="upload-resumed">
          {it.resumedAt > 0
            ? `Resumed at ${percent(it.resumedAt, it.size)}%: the server already had ${bytes(it.resumedAt)}.`
            : 'Resumed at 0%: the server had none of this file yet, so it is sent from the start.'}
        </p>
      )}
    </>
  );
}

/** The time left at the current speed, as "12 s" or "3 min". */
function remaining(it: UploadItem): string {
  const s = Math.ceil((it.size - it.sent) / it.speed);
  return s < 90 ? `${s} s` : `${Math.ceil(s / 60)} min`;
}

/** Says when the upload went on from an interrupted one. */
function resumed(it: UploadItem): string {
  return it.resumedAt ? ` (resumed at ${percent(it.resumedAt, it.size)}% after an interruption)` : '';
}

/** The video's processing after its bytes are in, as the server reports it live. */
function Processing(props: { item: UploadItem }) {
  const it = props.item;
  const v = it.video;
  if (it.phase === 'failed') {
    return <p class="error-text">Processing failed: {v?.failureReason || 'the server gave no reason'}.</p>;
  }
  if (it.phase === 'ready') {
    return <p class="muted">{bytes(it.size)} uploaded{resumed(it)} and processed; the video is ready to play.</p>;
  }
  const pct = v ? Math.round(Math.min(1, Math.max(0, v.progress)) * 100) : 0;
  return (
    <>
      <Bar label={`Processing of ${it.name}`} value={pct} text={`${pct}%`} />
      <p class="upload-stats">
        <span>{bytes(it.size)} uploaded{resumed(it)}.</span>
        <span>{v ? `Video ${v.status}${v.status === 'processing' ? `: ${pct}%` : ''}` : 'Waiting for the server…'}</span>
      </p>
    </>
  );
}
