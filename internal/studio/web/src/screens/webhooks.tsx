// webhooks.tsx: a project's webhook endpoints (add, edit, enable or disable,
// rotate the signing secret, delete), the deliveries of the one chosen
// (?endpoint=), live, and one delivery with its request and responses (?delivery=).
import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { useProjectID } from '../app';
import { Confirm } from '../components/confirm';
import { OnceSecret } from '../components/secret';
import { DeliveryDetail } from '../components/webhook-delivery';
import { Deliveries } from '../components/webhook-deliveries';
import { EndpointForm } from '../components/webhook-endpoint-form';
import type { Endpoint } from '../components/webhook-types';
import { paths } from '../routes';
import { Button, Dialog, ErrorBox, Loaded, Page, toast, useMutation, useQuery, when } from '../ui';

/** The webhooks screen. */
export function Webhooks() {
  const projectID = useProjectID();
  const { query } = useLocation();
  if (query.delivery && query.endpoint) {
    return (
      <Page title="Webhook delivery">
        <DeliveryDetail projectID={projectID} endpointID={query.endpoint} deliveryID={query.delivery} />
      </Page>
    );
  }
  return <Endpoints projectID={projectID} selected={query.endpoint || ''} />;
}

/** The endpoints, their actions and the chosen one's deliveries. */
function Endpoints(props: { projectID: string; selected: string }) {
  const { projectID, selected } = props;
  const q = useQuery<{ webhookEndpoints: Endpoint[] }>('WebhookEndpoints', { projectID });
  const [editing, setEditing] = useState<Endpoint | 'new' | null>(null);
  const [secret, setSecret] = useState<{ endpoint: Endpoint; value: string; rotated: boolean } | null>(null);
  const [deleting, setDeleting] = useState<Endpoint | null>(null);
  const update = useMutation('UpdateWebhookEndpoint');
  const rotate = useMutation('RotateWebhookEndpointSecret');
  const remove = useMutation('DeleteWebhookEndpoint');
  const { route } = useLocation();
  const saved = (e: Endpoint, value?: string) => {
    setEditing(null);
    q.reload();
    if (value) setSecret({ endpoint: e, value, rotated: false });
    else toast('Endpoint saved');
  };
  const setEnabled = async (e: Endpoint, enabled: boolean) => {
    const r = await update.run({ projectID, id: e.id, input: { url: e.url, description: e.description, eventTypes: e.eventTypes, enabled } });
    if (r) { toast(enabled ? 'Endpoint enabled' : 'Endpoint disabled'); q.reload(); }
  };
  const rotateSecret = async (e: Endpoint) => {
    const r = await rotate.run({ projectID, id: e.id });
    if (r) { setSecret({ endpoint: r.rotateWebhookEndpointSecret.endpoint, value: r.rotateWebhookEndpointSecret.secret, rotated: true }); q.reload(); }
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    if (await remove.run({ projectID, id: deleting.id })) {
      toast('Endpoint deleted');
      setDeleting(null);
      if (selected === deleting.id) route(paths.webhooks(projectID));
      q.reload();
    }
  };
  const list = q.data?.webhookEndpoints || [];
  const chosen = list.find((e) => e.id === selected);
  return (
    <Page title="Webhooks" actions={<Button kind="primary" onClick={() => setEditing('new')}>Add endpoint</Button>}>
      <p class="muted">Vidra POSTs this project's events, signed (Standard Webhooks), to each enabled endpoint, and retries failures for 3 days.</p>
      <ErrorBox error={update.error || rotate.error} />
      <Loaded q={q}>{() => {
        if (!list.length) return <p class="empty">No endpoint yet. Add one to receive this project's events.</p>;
        return (
          <table class="endpoints">
            <thead><tr><th scope="col">Endpoint</th><th scope="col">Events</th><th scope="col">State</th><th scope="col">Actions</th></tr></thead>
            <tbody>
              {list.map((e) => (
                <tr key={e.id} aria-current={e.id === selected ? 'true' : undefined}>
                  <td>
                    <a href={`${paths.webhooks(projectID)}?endpoint=${e.id}`} aria-label={`Deliveries to ${e.url}`}><code>{e.url}</code></a>
                    {e.description && <div class="muted">{e.description}</div>}
                  </td>
                  <td>{e.eventTypes.length ? e.eventTypes.join(', ') : 'All events'}</td>
                  <td><EndpointState e={e} /></td>
                  <td class="actions">
                    <Button onClick={() => setEditing(e)}>Edit</Button>
                    <Button busy={update.busy} onClick={() => setEnabled(e, !e.enabled)}>{e.enabled ? 'Disable' : 'Enable'}</Button>
                    <Button busy={rotate.busy} onClick={() => rotateSecret(e)}>Rotate secret</Button>
                    <Button kind="danger" onClick={() => { remove.setError(null); setDeleting(e); }}>Delete</Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        );
      }}</Loaded>
      {chosen && <Deliveries key={chosen.id} projectID={projectID} endpoint={chosen} />}
      {!chosen && list.length > 0 && <p class="muted">Choose an endpoint to see its deliveries.</p>}
      <Dialog title={editing === 'new' ? 'Add an endpoint' : 'Edit the endpoint'} open={!!editing} onClose={() => setEditing(null)}>
        {editing && <EndpointForm projectID={projectID} endpoint={editing === 'new' ? null : editing} onSaved={saved} onCancel={() => setEditing(null)} />}
      </Dialog>
      <Dialog title="Signing secret" open={!!secret} onClose={() => setSecret(null)}>
        {secret && (
          <>
            <p>{secret.rotated ? 'The new' : 'The'} signing secret of <code>{secret.endpoint.url}</code>: verify each delivery's <code>webhook-signature</code> with it.</p>
            {secret.rotated && secret.endpoint.previousSecretExpiresAt && (
              <p>The previous secret also signs deliveries until {when(secret.endpoint.previousSecretExpiresAt)}, so your receiver can switch without missing one.</p>
            )}
            <OnceSecret label="Signing secret" value={secret.value} onDone={() => setSecret(null)} />
          </>
        )}
      </Dialog>
      <Confirm title="Delete the endpoint?" open={!!deleting} confirmLabel="Delete endpoint" busy={remove.busy} error={remove.error}
        onConfirm={confirmDelete} onClose={() => setDeleting(null)}>
        <p>{deleting?.url} stops receiving events, and its delivery log is deleted with it.</p>
      </Confirm>
    </Page>
  );
}

/** Enabled or disabled, and why; failing since when. */
function EndpointState(props: { e: Endpoint }) {
  const { e } = props;
  return (
    <>
      <span class={`badge ${e.enabled ? 'ok' : 'failed'}`}>{e.enabled ? 'Enabled' : 'Disabled'}</span>
      {e.disabledReason && <div class="muted">{e.disabledReason}</div>}
      {e.failingSince && <div class="warn-text">Failing since {when(e.failingSince)}</div>}
    </>
  );
}
