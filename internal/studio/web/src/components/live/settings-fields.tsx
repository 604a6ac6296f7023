// settings-fields.tsx: the fields of a live stream's settings, shared by the
// "New live stream" dialog and the stream's Settings form, and how a submitted
// form becomes the API's input.
import { useId } from 'preact/hooks';
import { Field } from '../../ui';

/** The settings a form edits (CreateLiveStreamInput / UpdateLiveStreamInput). */
export interface SettingsInput {
  name: string;
  latencyMode: string;
  reconnectWindowSeconds: number;
  maxDurationSeconds: number;
  record: boolean;
  transcode: boolean;
}

/** The API's defaults for a new stream. */
export const newStreamDefaults: SettingsInput = {
  name: '', latencyMode: 'standard', reconnectWindowSeconds: 60, maxDurationSeconds: 43200, record: true, transcode: false,
};

/** The labelled fields of a stream's settings, filled with value; errors name their field. */
export function SettingsFields(props: { value: SettingsInput; error: unknown }) {
  const v = props.value;
  return (
    <div class="live-settings">
      <Field label="Name" name="name" required defaultValue={v.name} error={props.error} />
      <LatencySelect value={v.latencyMode} />
      <Field label="Reconnect window (seconds)" name="reconnectWindowSeconds" type="number" min={0} max={1800} required
        defaultValue={String(v.reconnectWindowSeconds)} error={props.error}
        hint="How long a dropped publisher may come back into the same session (0 to 1800)." />
      <Field label="Maximum duration (seconds)" name="maxDurationSeconds" type="number" min={1} required
        defaultValue={String(v.maxDurationSeconds)} error={props.error} hint="A session ends after this long (43200 is 12 hours)." />
      <label class="live-check"><input type="checkbox" name="record" defaultChecked={v.record} /> Record each session as a video</label>
      <label class="live-check"><input type="checkbox" name="transcode" defaultChecked={v.transcode} /> Transcode to the project's ladder beside the source</label>
    </div>
  );
}

/** The API input of a submitted settings form. */
export function settingsFromForm(form: HTMLFormElement): SettingsInput {
  const f = new FormData(form);
  return {
    name: String(f.get('name') || '').trim(),
    latencyMode: String(f.get('latencyMode') || 'standard'),
    reconnectWindowSeconds: Number(f.get('reconnectWindowSeconds')),
    maxDurationSeconds: Number(f.get('maxDurationSeconds')),
    record: f.get('record') === 'on',
    transcode: f.get('transcode') === 'on',
  };
}

/** The latency mode, preselected (uncontrolled: a poll's re-render keeps the reader's choice). */
function LatencySelect(props: { value: string }) {
  const id = useId();
  const options: [string, string][] = [['standard', 'Standard'], ['low', 'Low latency (LL-HLS)']];
  return (
    <div class="field">
      <label for={id}>Latency</label>
      <select id={id} name="latencyMode">
        {options.map(([v, text]) => <option key={v} value={v} selected={v === props.value}>{text}</option>)}
      </select>
    </div>
  );
}
