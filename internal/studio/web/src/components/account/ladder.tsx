// ladder.tsx: an encoding ladder as a table, and the editor of an encoding
// profile's rungs (height, video and audio bitrates; the codec is h264, the only
// one the server encodes).
import { useState } from 'preact/hooks';
import { Button } from '../../ui';

/** One output of a ladder (LadderRung). */
export interface Rung {
  height: number;
  videoBitrateKbps: number;
  codec: string;
  audioBitrateKbps: number;
}

/** A ladder shown as a table, one row per rendition. */
export function LadderTable(props: { rungs: Rung[]; caption: string }) {
  return (
    <div class="table-wrap">
      <table class="ladder">
        <caption>{props.caption}</caption>
        <thead>
          <tr><th scope="col">Height</th><th scope="col">Video bitrate</th><th scope="col">Codec</th><th scope="col">Audio bitrate</th></tr>
        </thead>
        <tbody>
          {props.rungs.map((r) => (
            <tr key={r.height}>
              <td>{r.height}p</td><td>{r.videoBitrateKbps} kbit/s</td><td>{r.codec}</td><td>{r.audioBitrateKbps} kbit/s</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Editable rungs: numbers per row, a row added or removed with buttons (keyboard-usable). */
export function LadderEditor(props: { initial: Rung[]; onChange: (rungs: Rung[]) => void }) {
  const [rungs, setRungs] = useState<Rung[]>(props.initial.map((r) => ({ ...r })));
  const set = (next: Rung[]) => { setRungs(next); props.onChange(next); };
  const edit = (i: number, key: keyof Rung, value: string) => set(rungs.map((r, j) => (j === i ? { ...r, [key]: Number(value) } : r)));
  const add = () => {
    const top = rungs[rungs.length - 1];
    set([...rungs, { height: top ? Math.min(top.height * 2, 2160) : 720, videoBitrateKbps: top ? top.videoBitrateKbps * 2 : 2800, codec: 'h264', audioBitrateKbps: top ? top.audioBitrateKbps : 128 }]);
  };
  return (
    <table class="ladder-editor">
      <caption>Renditions (h264)</caption>
      <thead>
        <tr><th scope="col">Height (px)</th><th scope="col">Video kbit/s</th><th scope="col">Audio kbit/s</th><th scope="col"><span class="sr-only">Remove</span></th></tr>
      </thead>
      <tbody>
        {rungs.map((r, i) => (
          <tr key={i}>
            <td><input type="number" aria-label={`Height of rendition ${i + 1}`} value={r.height} min={2} step={2} required onInput={(e) => edit(i, 'height', (e.target as HTMLInputElement).value)} /></td>
            <td><input type="number" aria-label={`Video bitrate of rendition ${i + 1}`} value={r.videoBitrateKbps} min={1} required onInput={(e) => edit(i, 'videoBitrateKbps', (e.target as HTMLInputElement).value)} /></td>
            <td><input type="number" aria-label={`Audio bitrate of rendition ${i + 1}`} value={r.audioBitrateKbps} min={1} required onInput={(e) => edit(i, 'audioBitrateKbps', (e.target as HTMLInputElement).value)} /></td>
            <td><Button onClick={() => set(rungs.filter((_, j) => j !== i))} aria-label={`Remove rendition ${i + 1}`} disabled={rungs.length < 2}>Remove</Button></td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr><td colSpan={4}><Button onClick={add}>Add a rendition</Button></td></tr>
      </tfoot>
    </table>
  );
}
