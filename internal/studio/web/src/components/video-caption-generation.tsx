// video-caption-generation.tsx: automatic captions of a video: the
// deployment's speech engine (or plainly that it has none), a request for a
// language, and the generations with their status (refreshed while one is
// queued or running) and a cancel button.
import { useEffect } from 'preact/hooks';
import { Button, ErrorBox, Field, duration, toast, useMutation, when } from '../ui';
import type { SectionProps } from './video-types';

/** One request for automatic captions. */
export interface Generation {
  id: string; language: string; engine: string; model: string;
  status: 'queued' | 'running' | 'ready' | 'failed' | 'canceled';
  failureReason: string; audioSeconds: number; createdAt: string; finishedAt: string | null;
}

const active = (g: Generation) => g.status === 'queued' || g.status === 'running';

/** The automatic captions part of the captions section; reload refreshes the whole section. */
export function CaptionGenerations(props: SectionProps & { engine: string; generations: Generation[]; reload: () => void }) {
  const ids = { videoID: props.video.id, projectID: props.projectID };
  const generate = useMutation('VideoCaptionGenerate');
  const cancel = useMutation('VideoCaptionGenerationCancel');
  const off = props.engine === 'off';
  const running = props.generations.some(active);
  useEffect(() => {
    if (!running) return;
    const t = setInterval(props.reload, 3000);
    return () => clearInterval(t);
  }, [running, props.reload]);

  const submit = async (e: Event) => {
    e.preventDefault();
    const language = String(new FormData(e.target as HTMLFormElement).get('language')).trim();
    const r = await generate.run({ ...ids, language });
    if (r) {
      toast(`Automatic captions (${language}) requested`);
      props.reload();
    }
  };
  const stop = async (g: Generation) => {
    if (await cancel.run({ ...ids, id: g.id })) {
      toast(`Caption generation (${g.language}) canceled`);
      props.reload();
    }
  };
  return (
    <div class="video-subform">
      <h3>Automatic captions</h3>
      {off
        ? <p class="notice">Automatic captions are <strong>off</strong> on this deployment: it has no speech engine
            (the operator sets one with VIDRA_CAPTIONS_ENGINE). Upload caption files instead.</p>
        : <p>This deployment transcribes speech with <strong>{props.engine}</strong>. The result becomes the video's
            caption track for the language, replacing the one it had.</p>}
      {!off && (
        <form class="row" onSubmit={submit}>
          <Field label="Spoken language (BCP 47, e.g. en)" name="language" required error={generate.error}
            disabled={props.video.status !== 'ready'} />
          <Button type="submit" kind="primary" busy={generate.busy} disabled={props.video.status !== 'ready'}>Generate captions</Button>
        </form>
      )}
      {!off && props.video.status !== 'ready' && <p class="muted">Captions can be generated once the video is ready.</p>}
      <ErrorBox error={generate.error} fields={['language']} />
      <ErrorBox error={cancel.error} />
      {props.generations.length > 0 && (
        <table>
          <caption class="muted">Caption generations, newest first</caption>
          <thead><tr><th scope="col">Language</th><th scope="col">Engine</th><th scope="col">Status</th><th scope="col">Audio</th><th scope="col">Requested</th><th scope="col">Finished</th><th scope="col">Actions</th></tr></thead>
          <tbody>
            {props.generations.map((g) => (
              <tr key={g.id}>
                <td>{g.language}</td>
                <td>{g.engine}{g.model ? ` (${g.model})` : ''}</td>
                <td><span class={`badge ${g.status}`}>{g.status}</span>{g.failureReason && <div class="error-text">{g.failureReason}</div>}</td>
                <td>{g.audioSeconds ? duration(g.audioSeconds) : '—'}</td>
                <td>{when(g.createdAt)}</td>
                <td>{when(g.finishedAt)}</td>
                <td>{active(g) && <Button busy={cancel.busy} onClick={() => stop(g)} aria-label={`Cancel caption generation ${g.language}`}>Cancel</Button>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
