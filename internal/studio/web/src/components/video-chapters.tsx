// video-chapters.tsx: a video's chapters: the list in start order, a chapter
// added (start time and title), edited in place or deleted, a WebVTT file
// imported or the list downloaded as one (video-chapters-file.tsx). The API replaces
// the whole list at once (setVideoChapters), so each change sends all of them.
import { useState } from 'preact/hooks';
import { Button, ErrorBox, Field, Loaded, duration, toast, useMutation, useQuery } from '../ui';
import { ChaptersFile } from './video-chapters-file';
import type { SectionProps } from './video-types';

interface Chapter { id?: string; title: string; startSeconds: number }

/** Reads "1:05", "1:02:03" or "65.5" as seconds; NaN when it is none of these. */
export function parseTime(text: string): number {
  const parts = text.trim().split(':');
  if (!text.trim() || parts.length > 3 || parts.some((p) => !/^\d+(\.\d+)?$/.test(p))) return NaN;
  return parts.reduce((acc, p) => acc * 60 + Number(p), 0);
}

/** The chapters section. */
export function VideoChapters(props: SectionProps) {
  const ids = { videoID: props.video.id, projectID: props.projectID };
  const q = useQuery<{ videoChapters: Chapter[] }>('VideoChapters', ids);
  const set = useMutation('VideoChaptersSet');
  const [editing, setEditing] = useState<number | null>(null);
  const [localError, setLocalError] = useState('');

  const save = async (list: Chapter[], done: string) => {
    const chapters = list.map((c) => ({ title: c.title, startSeconds: c.startSeconds })).sort((a, b) => a.startSeconds - b.startSeconds);
    const r = await set.run({ ...ids, chapters });
    if (!r) return false;
    toast(done);
    setEditing(null);
    await q.reload();
    return true;
  };
  const read = (form: HTMLFormElement): Chapter | null => {
    const f = new FormData(form);
    const startSeconds = parseTime(String(f.get('startSeconds')));
    if (Number.isNaN(startSeconds)) { setLocalError('Write the start as seconds (65) or minutes and seconds (1:05).'); return null; }
    setLocalError('');
    return { title: String(f.get('title')).trim(), startSeconds };
  };
  const list = q.data?.videoChapters || [];
  const add = async (e: Event) => {
    e.preventDefault();
    const form = e.target as HTMLFormElement;
    const c = read(form);
    if (c && await save([...list, c], `Chapter ${c.title} added`)) form.reset();
  };
  const update = async (e: Event, i: number) => {
    e.preventDefault();
    const c = read(e.target as HTMLFormElement);
    if (c) await save(list.map((old, j) => (j === i ? c : old)), `Chapter ${c.title} saved`);
  };
  const error = localError || set.error;
  return (
    <section class="card video-section" aria-labelledby="video-chapters-title">
      <h2 id="video-chapters-title">Chapters</h2>
      <Loaded q={q}>{() => (
        list.length ? (
          <table>
            <thead><tr><th scope="col">Start</th><th scope="col">Title</th><th scope="col">Actions</th></tr></thead>
            <tbody>
              {list.map((c, i) => editing === i ? (
                <tr key={c.id}>
                  <td colSpan={3}>
                    <form class="row" onSubmit={(e) => update(e, i)}>
                      <Field label="Start" name="startSeconds" defaultValue={duration(c.startSeconds)} required error={error} />
                      <Field label="Title" name="title" defaultValue={c.title} required error={set.error} />
                      <Button type="submit" kind="primary" busy={set.busy}>Save chapter</Button>
                      <Button onClick={() => setEditing(null)}>Cancel</Button>
                    </form>
                  </td>
                </tr>
              ) : (
                <tr key={c.id}>
                  <td>{duration(c.startSeconds)}</td>
                  <td>{c.title}</td>
                  <td class="row">
                    <Button onClick={() => { setEditing(i); set.setError(null); }} aria-label={`Edit chapter ${c.title}`}>Edit</Button>
                    <Button kind="danger" busy={set.busy} aria-label={`Delete chapter ${c.title}`}
                      onClick={() => save(list.filter((_, j) => j !== i), `Chapter ${c.title} deleted`)}>Delete</Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : <p class="muted">No chapters. Chapters split the player's timeline into named parts.</p>
      )}</Loaded>
      {editing === null && (
        <form class="row video-subform" onSubmit={add} aria-label="Add a chapter">
          <Field label="Start time (m:ss)" name="startSeconds" required placeholder="0:00" error={error} />
          <Field label="Chapter title" name="title" required error={set.error} />
          <Button type="submit" kind="primary" busy={set.busy}>Add chapter</Button>
        </form>
      )}
      <ErrorBox error={set.error} fields={['startSeconds', 'title']} />
      {editing === null && (
        <ChaptersFile videoID={props.video.id} projectID={props.projectID} fileName={`${props.video.title || 'chapters'}.chapters.vtt`} save={save} />
      )}
    </section>
  );
}
