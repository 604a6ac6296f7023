// webhook-endpoint-form.tsx: creates or edits a webhook endpoint: its URL, a
// description, and the event types it receives (all, or those checked from the
// catalogue the API offers), enabled or not.
import { useState } from 'preact/hooks';
import { Button, ErrorBox, Field, useMutation, useQuery } from '../ui';
import type { Endpoint } from './webhook-types';

interface EventType { name: string; description: string; reserved: boolean }

/** The form; onSaved gets the endpoint and, on creation, its new secret. */
export function EndpointForm(props: { projectID: string; endpoint: Endpoint | null; onSaved: (e: Endpoint, secret?: string) => void; onCancel: () => void }) {
  const editing = props.endpoint;
  const types = useQuery<{ webhookEventTypes: EventType[] }>('WebhookEventTypes');
  const create = useMutation('CreateWebhookEndpoint');
  const update = useMutation('UpdateWebhookEndpoint');
  const [all, setAll] = useState(!editing || editing.eventTypes.length === 0);
  const [chosen, setChosen] = useState<string[]>(editing?.eventTypes || []);
  const error = create.error || update.error;
  const submit = async (e: Event) => {
    e.preventDefault();
    const f = new FormData(e.target as HTMLFormElement);
    const input = {
      url: String(f.get('url')).trim(),
      description: String(f.get('description') || ''),
      eventTypes: all ? [] : chosen,
      enabled: editing ? f.get('enabled') === 'on' : true,
    };
    if (!all && !chosen.length) {
      create.setError('Check at least one event type, or choose all events.');
      return;
    }
    if (editing) {
      const r = await update.run({ projectID: props.projectID, id: editing.id, input });
      if (r) props.onSaved(r.updateWebhookEndpoint);
    } else {
      const r = await create.run({ projectID: props.projectID, input });
      if (r) props.onSaved(r.createWebhookEndpoint.endpoint, r.createWebhookEndpoint.secret);
    }
  };
  const toggle = (name: string, on: boolean) => setChosen((c) => (on ? [...c, name] : c.filter((x) => x !== name)));
  const offered = (types.data?.webhookEventTypes || []).filter((t) => !t.reserved);
  return (
    <form onSubmit={submit} class="endpoint-form">
      <Field label="URL" name="url" type="url" required defaultValue={editing?.url} placeholder="https://example.com/hooks/vidra"
        hint="Vidra POSTs signed JSON here (https; other addresses only where the server allows them)." error={error} />
      <Field label="Description" name="description" defaultValue={editing?.description} error={error} />
      <fieldset>
        <legend>Events</legend>
        <label class="check"><input type="radio" name="scope" checked={all} onChange={() => setAll(true)} /> All events, present and future</label>
        <label class="check"><input type="radio" name="scope" checked={!all} onChange={() => setAll(false)} /> Only these:</label>
        {!all && (
          <div class="event-types">
            {types.error && <ErrorBox error={types.error} />}
            {offered.map((t) => (
              <label key={t.name} class="check" title={t.description}>
                <input type="checkbox" checked={chosen.includes(t.name)} onChange={(e) => toggle(t.name, (e.target as HTMLInputElement).checked)} />
                <code>{t.name}</code> <span class="muted">{t.description}</span>
              </label>
            ))}
          </div>
        )}
      </fieldset>
      {editing && (
        <label class="check"><input type="checkbox" name="enabled" defaultChecked={editing.enabled} /> Enabled (enabling again clears its failure record)</label>
      )}
      <ErrorBox error={error} fields={['url', 'description']} />
      <div class="row">
        <Button type="submit" kind="primary" busy={create.busy || update.busy}>{editing ? 'Save' : 'Add endpoint'}</Button>
        <Button onClick={props.onCancel}>Cancel</Button>
      </div>
    </form>
  );
}
