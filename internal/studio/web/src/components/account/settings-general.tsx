// settings-general.tsx: the project Settings cards for the project itself:
// name and description, automatic captions, and static renditions made for
// every video.
import { useEffect, useState } from 'preact/hooks';
import { Button, ErrorBox, Field, toast, useMutation } from '../../ui';
import { Checkbox } from './forms';

/** The project's fields these cards edit. */
export interface SettingsProject {
  id: string;
  name: string;
  description: string;
  staticRenditions: string[];
  autoCaptionsLanguage: string;
}

/** Name and description. */
export function GeneralCard(props: { project: SettingsProject; onSaved: () => void }) {
  const save = useMutation('SettingsUpdateProject');
  const submit = async (e: Event) => {
    e.preventDefault();
    const f = new FormData(e.target as HTMLFormElement);
    const r = await save.run({ id: props.project.id, input: { name: f.get('name'), description: f.get('description') } });
    if (r) { toast('Project saved'); props.onSaved(); }
  };
  return (
    <section class="card account-card" aria-labelledby="settings-general">
      <h2 id="settings-general">Project</h2>
      <form onSubmit={submit}>
        <Field label="Name" name="name" required defaultValue={props.project.name} error={save.error} />
        <Field label="Description" name="description" defaultValue={props.project.description} error={save.error} />
        <ErrorBox error={save.error} fields={['name', 'description']} />
        <Button type="submit" kind="primary" busy={save.busy}>Save project</Button>
      </form>
    </section>
  );
}

/** The language of automatic captions (a BCP 47 tag, empty: off), beside the server's engine. */
export function CaptionsCard(props: { project: SettingsProject; engine: string; onSaved: () => void }) {
  const save = useMutation('SettingsUpdateProject');
  const submit = async (e: Event) => {
    e.preventDefault();
    const lang = String(new FormData(e.target as HTMLFormElement).get('autoCaptionsLanguage') || '').trim();
    const r = await save.run({ id: props.project.id, input: { autoCaptionsLanguage: lang } });
    if (r) { toast(lang ? `Automatic captions in ${lang} saved` : 'Automatic captions turned off'); props.onSaved(); }
  };
  const off = !props.engine || props.engine === 'off';
  return (
    <section class="card account-card" aria-labelledby="settings-captions">
      <h2 id="settings-captions">Automatic captions</h2>
      <p>
        Caption engine of this server: <strong>{off ? 'off' : props.engine}</strong>.{' '}
        {off ? 'Automatic captions are off on this server: a language set here applies once an operator sets VIDRA_CAPTIONS_ENGINE.' : ''}
      </p>
      <form onSubmit={submit} class="row">
        <Field label="Caption language (BCP 47, e.g. en; empty: off)" name="autoCaptionsLanguage" defaultValue={props.project.autoCaptionsLanguage}
          error={save.error} />
        <Button type="submit" kind="primary" busy={save.busy}>Save captions</Button>
      </form>
      <p class="muted">
        {props.project.autoCaptionsLanguage
          ? `Every video that becomes ready gets captions in ${props.project.autoCaptionsLanguage}.`
          : 'No automatic captions: videos get none unless asked for one by one.'}
      </p>
      <ErrorBox error={save.error} fields={['autoCaptionsLanguage']} />
    </section>
  );
}

/** The MP4/M4A downloads made for every video of the project: highest, audio-only, or a height of the ladder. */
export function StaticRenditionsCard(props: { project: SettingsProject; heights: number[]; onSaved: () => void }) {
  const save = useMutation('SettingsUpdateProject');
  const choices = ['highest', 'audio-only', ...props.heights.map((h) => `${h}p`)];
  for (const r of props.project.staticRenditions) if (!choices.includes(r)) choices.push(r);
  const [chosen, setChosen] = useState<string[]>(props.project.staticRenditions);
  useEffect(() => setChosen(props.project.staticRenditions), [props.project.staticRenditions.join()]);
  const label: Record<string, string> = { highest: 'Highest quality (MP4)', 'audio-only': 'Sound only (M4A)' };
  const toggle = (r: string, on: boolean) => setChosen(on ? [...chosen.filter((c) => c !== r), r] : chosen.filter((c) => c !== r));
  const submit = async (e: Event) => {
    e.preventDefault();
    const ordered = choices.filter((c) => chosen.includes(c));
    if (await save.run({ id: props.project.id, input: { staticRenditions: ordered } })) { toast('Static renditions saved'); props.onSaved(); }
  };
  return (
    <section class="card account-card" aria-labelledby="settings-static">
      <h2 id="settings-static">Downloads for every video</h2>
      <form onSubmit={submit}>
        <fieldset>
          <legend>Static renditions made when a video becomes ready</legend>
          {choices.map((r) => (
            <Checkbox key={r} label={label[r] || `${r} (MP4)`} name={`static-${r}`} checked={chosen.includes(r)}
              onChange={(e) => toggle(r, (e.target as HTMLInputElement).checked)} />
          ))}
        </fieldset>
        <ErrorBox error={save.error} />
        <Button type="submit" kind="primary" busy={save.busy}>Save downloads</Button>
      </form>
    </section>
  );
}
