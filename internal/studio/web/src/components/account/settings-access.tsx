// settings-access.tsx: the project's playback rules (accessControl): public or
// signed playback, the domains that may embed the player, countries, and the
// lifetimes of playback tokens.
import { useState } from 'preact/hooks';
import { Button, ErrorBox, Field, Loaded, Select, TextArea, toast, useMutation, useQuery, when } from '../../ui';
import { listFrom } from './forms';

interface AccessControl {
  id: string;
  playback: 'public' | 'signed';
  allowedDomains: string[];
  allowedCountries: string[];
  blockedCountries: string[];
  tokenTTLDefault: number;
  tokenTTLMin: number;
  tokenTTLMax: number;
  updatedAt: string;
}

// The API's defaults (AccessControlInput) for a project without rules.
const defaults: AccessControl = {
  id: '', playback: 'public', allowedDomains: [], allowedCountries: [], blockedCountries: [],
  tokenTTLDefault: 3600, tokenTTLMin: 60, tokenTTLMax: 86400, updatedAt: '',
};

/** The card: the rules in force and the form that puts new ones. */
export function AccessCard(props: { projectID: string }) {
  const q = useQuery<{ accessControl: AccessControl | null }>('SettingsAccessControl', { projectID: props.projectID });
  const put = useMutation('SettingsPutAccessControl');
  const submit = async (e: Event) => {
    e.preventDefault();
    const f = new FormData(e.target as HTMLFormElement);
    const input = {
      playback: f.get('playback'),
      allowedDomains: listFrom(f.get('allowedDomains')),
      allowedCountries: listFrom(f.get('allowedCountries')).map((c) => c.toUpperCase()),
      blockedCountries: listFrom(f.get('blockedCountries')).map((c) => c.toUpperCase()),
      tokenTTLDefault: Number(f.get('tokenTTLDefault')),
      tokenTTLMin: Number(f.get('tokenTTLMin')),
      tokenTTLMax: Number(f.get('tokenTTLMax')),
    };
    if (await put.run({ projectID: props.projectID, input })) { toast('Playback rules saved'); q.reload(); }
  };
  return (
    <section class="card account-card" aria-labelledby="settings-access">
      <h2 id="settings-access">Playback access</h2>
      <Loaded q={q}>{() => {
        const rules = q.data!.accessControl;
        const a = rules || defaults;
        return <AccessForm key={a.updatedAt} rules={rules} a={a} put={put} onSubmit={submit} />;
      }}</Loaded>
    </section>
  );
}

/** The form, filled with the rules in force (or the API's defaults). */
function AccessForm(props: { rules: AccessControl | null; a: AccessControl; put: ReturnType<typeof useMutation>; onSubmit: (e: Event) => void }) {
  const { rules, a, put } = props;
  const [playback, setPlayback] = useState(a.playback);
  return (
    <form onSubmit={props.onSubmit}>
      <p class="muted">{rules ? `Rules saved ${when(rules.updatedAt)}.` : 'No rules yet: anyone with a video\'s address may play it, embedded anywhere.'}</p>
      {playback === 'signed' && <p class="muted">Signed playback: players need a token from createPlaybackToken (REST POST /v1/key), made by your own server.</p>}
      <Select label="Playback" name="playback" value={playback} onChange={(e) => setPlayback((e.target as HTMLSelectElement).value as AccessControl['playback'])}
        options={[['public', 'Public: anyone with the address may play'], ['signed', 'Signed: a playback token is required']]} />
      <TextArea label="Domains allowed to embed the player" name="allowedDomains" defaultValue={a.allowedDomains.join('\n')}
        hint="One per line, e.g. example.com or *.example.com; empty: any site." error={put.error} />
      <div class="grid-2">
        <Field label="Only these countries" name="allowedCountries" defaultValue={a.allowedCountries.join(', ')}
          hint="ISO codes, e.g. FR, DE; empty: all." error={put.error} />
        <Field label="Never these countries" name="blockedCountries" defaultValue={a.blockedCountries.join(', ')}
          hint="ISO codes; not with the list above." error={put.error} />
      </div>
      <div class="grid-3">
        <Field label="Token lifetime by default (s)" name="tokenTTLDefault" type="number" min={30} defaultValue={String(a.tokenTTLDefault)} error={put.error} />
        <Field label="Shortest token (s)" name="tokenTTLMin" type="number" min={30} defaultValue={String(a.tokenTTLMin)} error={put.error} />
        <Field label="Longest token (s)" name="tokenTTLMax" type="number" max={604800} defaultValue={String(a.tokenTTLMax)} error={put.error} />
      </div>
      <ErrorBox error={put.error} fields={['allowedDomains', 'allowedCountries', 'blockedCountries', 'tokenTTLDefault', 'tokenTTLMin', 'tokenTTLMax']} />
      <Button type="submit" kind="primary" busy={put.busy}>Save playback rules</Button>
    </form>
  );
}
