// video-chapters-file.tsx: a video's chapters as a WebVTT chapters file: one
// chosen from disk replaces the list (each cue's start and its text as the
// title), and the current list is downloaded as the server writes it
// (videoChaptersWebVTT).
import { useId, useState } from 'preact/hooks';
import { gql } from '../api';
import { Button, ErrorBox } from '../ui';

/** A chapter read from a file. */
export interface ChapterCue { title: string; startSeconds: number }

const timing = /^(?:(\d+):)?(\d{1,2}):(\d{2})[.,](\d{3})\s+-->\s+\S+/;

/**
 * The cues of a WebVTT (or SRT) chapters file: each cue's start and its text
 * (lines joined) as the title. It throws an Error naming the line of the first
 * cue it cannot read, or saying the file has none.
 */
export function parseChapters(text: string): ChapterCue[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const cues: ChapterCue[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = lines[i].trim().match(timing);
    if (!m) continue;
    const start = Number(m[1] || 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000;
    const title: string[] = [];
    for (i++; i < lines.length && lines[i].trim() !== ''; i++) title.push(lines[i].trim());
    if (!title.length) throw new Error(`The cue at line ${i} has no title.`);
    cues.push({ title: title.join(' '), startSeconds: start });
  }
  if (!cues.length) throw new Error('The file holds no cue ("00:00:00.000 --> 00:01:00.000" then a title).');
  return cues.sort((a, b) => a.startSeconds - b.startSeconds);
}

/** Import from a file (replacing the list through save) and download as WebVTT. */
export function ChaptersFile(props: { videoID: string; projectID: string; fileName: string; save: (list: ChapterCue[], done: string) => Promise<boolean> }) {
  const id = useId();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const choose = async (e: Event) => {
    const input = e.target as HTMLInputElement;
    const file = input.files?.[0];
    if (!file) return;
    setError(null);
    try {
      const cues = parseChapters(await file.text());
      await props.save(cues, `${cues.length} chapters imported from ${file.name}`);
    } catch (err) {
      setError(err);
    }
    input.value = '';
  };
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      const r = await gql<{ videoChaptersWebVTT: string }>('VideoChaptersWebVTT', { videoID: props.videoID, projectID: props.projectID });
      const a = document.createElement('a');
      a.href = URL.createObjectURL(new Blob([r.videoChaptersWebVTT], { type: 'text/vtt' }));
      a.download = props.fileName;
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div class="row video-subform">
      <div class="field">
        <label for={id}>Import a WebVTT chapters file (replaces the list)</label>
        <input id={id} type="file" accept=".vtt,.srt,text/vtt" onChange={choose} />
      </div>
      <Button onClick={download} busy={busy}>Download as WebVTT</Button>
      <ErrorBox error={error} />
    </div>
  );
}
