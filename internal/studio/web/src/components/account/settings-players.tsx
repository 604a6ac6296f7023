// settings-players.tsx: the project's players (the look of the embedded
// player): the list, a new one, edits of its options, the default, deletion.
import { useState } from 'preact/hooks';
import { Button, Dialog, ErrorBox, Field, Loaded, Select, toast, useMutation, useQuery } from '../../ui';
import { Checkbox, numbersFrom } from './forms';

interface Player {
  id: string;
  name: string;
  isDefault: boolean;
  primaryColor: string;
  accentColor: string;
  backgroundColor: string;
  controls: boolean;
  autoplay: boolean;
  muted: boolean;
  loop: boolean;
  logoURL: string;
  watermarkURL: string;
  watermarkPosition: string;
  speedOptions: number[];
  captionsDefault: boolean;
  defaultCaptionLanguage: string;
}

const positions: [string, string][] = [['top_left', 'Top left'], ['top_right', 'Top right'], ['bottom_left', 'Bottom left'], ['bottom_right', 'Bottom right']];

/** A colour shown as a swatch beside its code. */
function Swatch(props: { color: string; label: string }) {
  return <span class="swatch-item"><span class="swatch" style={{ background: props.color }} aria-hidden="true" />{props.label} {props.color}</span>;
}

/** The card: the project's players and their actions. */
export function PlayersCard(props: { projectID: string }) {
  const { projectID } = props;
  const q = useQuery<{ players: Player[] }>('SettingsPlayers', { projectID });
  const [editing, setEditing] = useState<Player | 'new' | null>(null);
  const makeDefault = useMutation('SettingsSetDefaultPlayer');
  const remove = useMutation('SettingsDeletePlayer');
  const setDefault = async (p: Player) => {
    if (await makeDefault.run({ projectID, id: p.id })) { toast(`${p.name} is the default player`); q.reload(); }
  };
  const del = async (p: Player) => {
    if (!confirm(`Delete the player ${p.name}?`)) return;
    if (await remove.run({ projectID, id: p.id })) { toast(`${p.name} deleted`); q.reload(); }
  };
  return (
    <section class="card account-card" aria-labelledby="settings-players">
      <div class="card-head">
        <h2 id="settings-players">Players</h2>
        <Button onClick={() => setEditing('new')}>New player</Button>
      </div>
      <Loaded q={q}>{() => {
        const list = q.data!.players;
        if (!list.length) return <p class="muted">No player: embeds use the player defaults. A player sets colours, controls, autoplay, logo and watermark; the default one applies to every embed without ?player=.</p>;
        return (
          <ul class="plain-list">
            {list.map((p) => (
              <li key={p.id} class="list-row">
                <span>
                  <strong>{p.name}</strong> {p.isDefault && <span class="badge ok">Default</span>}
                  <span class="muted swatches">
                    <Swatch color={p.primaryColor} label="primary" /><Swatch color={p.accentColor} label="accent" /><Swatch color={p.backgroundColor} label="background" />
                    {[p.controls && 'controls', p.autoplay && 'autoplay', p.muted && 'muted', p.loop && 'loop'].filter(Boolean).join(', ')}
                  </span>
                </span>
                <span class="row">
                  <Button onClick={() => setEditing(p)} aria-label={`Edit ${p.name}`}>Edit</Button>
                  {!p.isDefault && <Button onClick={() => setDefault(p)} busy={makeDefault.busy} aria-label={`Make default: ${p.name}`}>Make default</Button>}
                  <Button kind="danger" onClick={() => del(p)} busy={remove.busy} aria-label={`Delete ${p.name}`}>Delete</Button>
                </span>
              </li>
            ))}
          </ul>
        );
      }}</Loaded>
      <ErrorBox error={makeDefault.error || remove.error} />
      <Dialog title={editing === 'new' ? 'New player' : `Edit ${editing?.name || ''}`} open={!!editing} onClose={() => setEditing(null)}>
        {editing && <PlayerForm projectID={projectID} player={editing === 'new' ? null : editing}
          onDone={() => { setEditing(null); q.reload(); }} onCancel={() => setEditing(null)} />}
      </Dialog>
    </section>
  );
}

/** The form of a new or existing player. */
function PlayerForm(props: { projectID: string; player: Player | null; onDone: () => void; onCancel: () => void }) {
  const create = useMutation('SettingsCreatePlayer');
  const update = useMutation('SettingsUpdatePlayer');
  const m = props.player ? update : create;
  const p = props.player;
  const [position, setPosition] = useState(p?.watermarkPosition || 'bottom_right');
  const submit = async (e: Event) => {
    e.preventDefault();
    const f = new FormData(e.target as HTMLFormElement);
    const input = {
      name: f.get('name'),
      primaryColor: f.get('primaryColor'), accentColor: f.get('accentColor'), backgroundColor: f.get('backgroundColor'),
      controls: f.get('controls') === 'on', autoplay: f.get('autoplay') === 'on', muted: f.get('muted') === 'on', loop: f.get('loop') === 'on',
      captionsDefault: f.get('captionsDefault') === 'on', defaultCaptionLanguage: String(f.get('defaultCaptionLanguage') || '').trim(),
      logoURL: String(f.get('logoURL') || '').trim(), watermarkURL: String(f.get('watermarkURL') || '').trim(), watermarkPosition: position,
      speedOptions: numbersFrom(f.get('speedOptions')),
    };
    const r = p ? await update.run({ projectID: props.projectID, id: p.id, input }) : await create.run({ projectID: props.projectID, input });
    if (r) { toast(`Player ${input.name} saved`); props.onDone(); }
  };
  return (
    <form onSubmit={submit}>
      <Field label="Player name" name="name" required defaultValue={p?.name || ''} error={m.error} />
      <div class="grid-3">
        <Field label="Primary colour" name="primaryColor" type="color" defaultValue={p?.primaryColor || '#ffffff'} error={m.error} />
        <Field label="Accent colour" name="accentColor" type="color" defaultValue={p?.accentColor || '#3b82f6'} error={m.error} />
        <Field label="Background colour" name="backgroundColor" type="color" defaultValue={p?.backgroundColor || '#000000'} error={m.error} />
      </div>
      <fieldset class="checks">
        <legend>Behaviour</legend>
        <Checkbox label="Show controls" name="controls" defaultChecked={p ? p.controls : true} />
        <Checkbox label="Autoplay" name="autoplay" defaultChecked={p?.autoplay} />
        <Checkbox label="Start muted" name="muted" defaultChecked={p?.muted} />
        <Checkbox label="Loop" name="loop" defaultChecked={p?.loop} />
        <Checkbox label="Captions on by default" name="captionsDefault" defaultChecked={p?.captionsDefault} />
      </fieldset>
      <Field label="Default caption language" name="defaultCaptionLanguage" defaultValue={p?.defaultCaptionLanguage || ''} hint="A BCP 47 tag such as en; empty: none." error={m.error} />
      <Field label="Speed options" name="speedOptions" defaultValue={(p?.speedOptions || [0.5, 1, 1.5, 2]).join(', ')} hint="Comma-separated, e.g. 0.5, 1, 1.5, 2" error={m.error} />
      <Field label="Logo address" name="logoURL" type="url" defaultValue={p?.logoURL || ''} error={m.error} />
      <Field label="Watermark address" name="watermarkURL" type="url" defaultValue={p?.watermarkURL || ''} error={m.error} />
      <Select label="Watermark position" name="watermarkPosition" value={position} onChange={(e) => setPosition((e.target as HTMLSelectElement).value)} options={positions} />
      <ErrorBox error={m.error} fields={['name', 'primaryColor', 'accentColor', 'backgroundColor', 'defaultCaptionLanguage', 'speedOptions', 'logoURL', 'watermarkURL']} />
      <div class="row">
        <Button type="submit" kind="primary" busy={m.busy}>Save player</Button>
        <Button onClick={props.onCancel}>Cancel</Button>
      </div>
    </form>
  );
}
