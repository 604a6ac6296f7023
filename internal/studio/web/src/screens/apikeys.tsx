// apikeys.tsx: the organization's API keys: the list (name, prefix…last four,
// origin, grants, expiry, last use), a new key with its origin binding, expiry
// and permission grants (its secret shown once), and revocation.
import { useState } from 'preact/hooks';
import { Confirm } from '../components/confirm';
import { GrantList, GrantsEditor, grantsInput, useGrantChoice } from '../components/grants';
import { Pager, useCursor } from '../components/pager';
import { OnceSecret } from '../components/secret';
import { Button, Dialog, ErrorBox, Field, Loaded, Page, toast, useMutation, useQuery, when } from '../ui';

interface APIKey {
  id: string; name: string; origin: string; prefix: string; last4: string; expiresAt: string;
  lastUsedAt: string | null; createdAt: string; permissions: unknown;
}
interface KeysPage { apiKeys: { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string | null }; edges: { node: APIKey }[] } }

/** The API keys screen. */
export function ApiKeys() {
  const cursor = useCursor();
  const q = useQuery<KeysPage>('APIKeys', { after: cursor.after });
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [revoking, setRevoking] = useState<APIKey | null>(null);
  const revoke = useMutation('DeleteAPIKey');
  const confirmRevoke = async () => {
    if (!revoking) return;
    if (await revoke.run({ id: revoking.id })) {
      toast(`API key ${revoking.name} revoked`);
      setRevoking(null);
      q.reload();
    }
  };
  return (
    <Page title="API keys" actions={<Button kind="primary" onClick={() => setCreating(true)}>New API key</Button>}>
      <p class="muted">A key acts in this organization with its grants only. Send it in the <code>X-API-Key</code> header.</p>
      <Loaded q={q}>{() => {
        const page = q.data!.apiKeys;
        if (!page.edges.length) return <p class="empty">No API key yet. Create one for a server or a script that calls the API.</p>;
        return (
          <>
            <table class="api-keys">
              <thead>
                <tr><th scope="col">Name</th><th scope="col">Key</th><th scope="col">Origin</th><th scope="col">Permissions</th>
                  <th scope="col">Expires</th><th scope="col">Last used</th><th scope="col">Actions</th></tr>
              </thead>
              <tbody>
                {page.edges.map(({ node: k }) => (
                  <tr key={k.id}>
                    <td>{k.name}</td>
                    <td><code>{k.prefix}…{k.last4}</code></td>
                    <td><code>{k.origin}</code></td>
                    <td><GrantList permissions={k.permissions} /></td>
                    <td>{when(k.expiresAt)} {new Date(k.expiresAt) < new Date() && <span class="badge failed">Expired</span>}</td>
                    <td>{k.lastUsedAt ? when(k.lastUsedAt) : <span class="muted">Never</span>}</td>
                    <td><Button kind="danger" aria-label={`Revoke ${k.name}`} onClick={() => { revoke.setError(null); setRevoking(k); }}>Revoke</Button></td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pager cursor={cursor} pageInfo={page.pageInfo} total={page.totalCount} label="API keys" />
          </>
        );
      }}</Loaded>
      <Dialog title="New API key" open={creating} onClose={() => setCreating(false)}>
        {creating && <NewKey onCreated={(name, key) => { setCreating(false); setCreated({ name, key }); cursor.reset(); q.reload(); }} onCancel={() => setCreating(false)} />}
      </Dialog>
      <Dialog title="Your new API key" open={!!created} onClose={() => setCreated(null)}>
        {created && (
          <>
            <p>The key <strong>{created.name}</strong> works now.</p>
            <OnceSecret label="API key" value={created.key} note="Vidra keeps only a hash of it: if you lose it, revoke it and create another." onDone={() => setCreated(null)} />
          </>
        )}
      </Dialog>
      <Confirm title="Revoke the API key?" open={!!revoking} confirmLabel="Revoke key" busy={revoke.busy} error={revoke.error}
        onConfirm={confirmRevoke} onClose={() => setRevoking(null)}>
        <p>Requests with <strong>{revoking?.name}</strong> (<code>{revoking?.prefix}…{revoking?.last4}</code>) fail at once. This cannot be undone.</p>
      </Confirm>
    </Page>
  );
}

/** A date input's value n days from today. */
function daysAhead(n: number): string {
  const d = new Date(Date.now() + n * 86400000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The form of a new key. */
function NewKey(props: { onCreated: (name: string, key: string) => void; onCancel: () => void }) {
  const create = useMutation<{ createApiKey: { key: string; apiKey: APIKey } }>('CreateAPIKey');
  const [grants, setGrants] = useGrantChoice();
  const submit = async (e: Event) => {
    e.preventDefault();
    const f = new FormData(e.target as HTMLFormElement);
    const expires = new Date(`${f.get('expiresAt')}T23:59:59`);
    const r = await create.run({
      input: { name: String(f.get('name')).trim(), origin: String(f.get('origin')).trim(), expiresAt: expires.toISOString(), permissions: grantsInput(grants) },
    });
    if (r) props.onCreated(r.createApiKey.apiKey.name, r.createApiKey.key);
  };
  return (
    <form onSubmit={submit} class="new-key">
      <Field label="Name" name="name" required minLength={2} maxLength={255} error={create.error} hint="What uses it, e.g. “Publishing server”." />
      <Field label="Allowed origin" name="origin" required error={create.error} defaultValue="*"
        hint="The browser origin that may send it: https://app.example.com, app.example.com, *.example.com, or * for any. Requests without an Origin (servers) always may." />
      <Field label="Expires on" name="expiresAt" type="date" required min={daysAhead(1)} defaultValue={daysAhead(90)} error={create.error} />
      <GrantsEditor value={grants} onChange={setGrants} />
      <ErrorBox error={create.error} fields={['name', 'origin', 'expiresAt']} />
      <div class="row">
        <Button type="submit" kind="primary" busy={create.busy}>Create key</Button>
        <Button onClick={props.onCancel}>Cancel</Button>
      </div>
    </form>
  );
}
