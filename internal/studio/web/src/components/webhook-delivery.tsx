// webhook-delivery.tsx: one delivery: the request Vidra sends (headers and the
// JSON body built from the stored event) and each attempt's answer (status,
// duration, error, the first 2 KiB of the body); Resend queues it again.
import { useEffect, useState } from 'preact/hooks';
import { subscribe } from '../api';
import { paths } from '../routes';
import { Button, ErrorBox, Loaded, toast, useMutation, useQuery, when } from '../ui';
import { statusClass, type Delivery } from './webhook-types';

interface Attempt { id: string; createdAt: string; statusCode: number; durationMs: number; responseBody: string; error: string; succeeded: boolean }
interface Detail extends Delivery {
  projectID: string;
  endpoint: { id: string; url: string };
  event: { id: string; type: string; createdAt: string; projectID: string; data: Record<string, unknown> };
  attemptLog: Attempt[] | null;
}

/** The body Vidra POSTs for an event (webhooks.Payload): its id, type, time, project and data. */
function requestBody(ev: Detail['event']): string {
  return JSON.stringify({ id: ev.id, type: ev.type, created_at: ev.createdAt, project_id: ev.projectID, data: ev.data }, null, 2);
}

/** The headers every attempt carries; the timestamp and signature change at each one. */
function requestHeaders(ev: Detail['event']): string {
  return ['Content-Type: application/json', 'User-Agent: Vidra-Webhooks/1', `webhook-id: msg_${ev.id}`].join('\n');
}

/** The delivery's page. */
export function DeliveryDetail(props: { projectID: string; endpointID: string; deliveryID: string }) {
  const { projectID, endpointID, deliveryID } = props;
  const q = useQuery<{ node: Detail | null }>('WebhookDelivery', { id: deliveryID });
  const resend = useMutation<{ resendWebhookEvent: Delivery[] }>('ResendWebhookEvent');
  const [resent, setResent] = useState<Delivery | null>(null);
  const back = `${paths.webhooks(projectID)}?endpoint=${endpointID}`;
  useEffect(() => subscribe<{ webhookDeliveryUpdated: Delivery }>('WebhookDeliveryUpdated', { projectID, endpointID },
    (d) => { if (d.webhookDeliveryUpdated.id === deliveryID) q.reload(); }), [projectID, endpointID, deliveryID]);
  const again = async (d: Detail) => {
    const r = await resend.run({ projectID, eventId: d.eventID, endpointID: d.endpointID });
    if (r) {
      const fresh = r.resendWebhookEvent[0] || null;
      setResent(fresh);
      toast(fresh ? 'The event is queued for delivery again' : 'Nothing was sent: the endpoint is disabled or no longer subscribed');
    }
  };
  return (
    <>
      <p><a href={back}>Back to the deliveries</a></p>
      <Loaded q={q}>{() => {
        const d = q.data!.node;
        if (!d) return <p class="empty">This delivery does not exist (any more).</p>;
        const attempts = [...(d.attemptLog || [])].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
        return (
          <div class="delivery">
            <section class="card" aria-labelledby="delivery-title">
              <div class="row spread">
                <h2 id="delivery-title">{d.eventType} <span class={`badge ${statusClass(d.status)}`}>{d.status}</span></h2>
                <Button kind="primary" busy={resend.busy} onClick={() => again(d)}>Resend</Button>
              </div>
              <ErrorBox error={resend.error} />
              {resent && (
                <p role="status">Queued again as a new delivery: <a href={`${paths.webhooks(projectID)}?endpoint=${endpointID}&delivery=${resent.id}`}>open it</a>.</p>
              )}
              <dl class="facts">
                <dt>Endpoint</dt><dd>{d.endpoint.url}</dd>
                <dt>Event</dt><dd><code>{d.eventID}</code></dd>
                <dt>Attempts</dt><dd>{d.attempts}</dd>
                <dt>Created</dt><dd>{when(d.createdAt)}</dd>
                <dt>Completed</dt><dd>{when(d.completedAt)}</dd>
              </dl>
            </section>
            <section class="card" aria-labelledby="request-title">
              <h2 id="request-title">Request</h2>
              <p><code>POST {d.endpoint.url}</code></p>
              <h3>Headers</h3>
              <pre tabIndex={0} aria-label="Request headers">{requestHeaders(d.event)}</pre>
              <p class="muted">Each attempt also carries <code>webhook-timestamp</code> and <code>webhook-signature</code>, made at the time it is sent; the server does not record them.</p>
              <h3>Body</h3>
              <pre tabIndex={0} aria-label="Request body">{requestBody(d.event)}</pre>
            </section>
            <section class="card" aria-labelledby="attempts-title">
              <h2 id="attempts-title">Responses</h2>
              {!attempts.length && <p class="muted">No attempt yet: the delivery is queued.</p>}
              <p class="muted">The server keeps each answer's status and the first 2 KiB of its body; it does not record response headers.</p>
              <ol class="attempts">
                {attempts.map((a, i) => (
                  <li key={a.id}>
                    <h3>Attempt {i + 1} · {when(a.createdAt)}</h3>
                    <p>
                      <span class={`badge ${a.succeeded ? 'ok' : 'failed'}`}>{a.statusCode ? `HTTP ${a.statusCode}` : 'no answer'}</span>
                      {' '}in {a.durationMs} ms
                    </p>
                    {a.error && <p class="error-text">{a.error}</p>}
                    <pre tabIndex={0} aria-label={`Response body of attempt ${i + 1}`}>{a.responseBody || '(empty body)'}</pre>
                  </li>
                ))}
              </ol>
            </section>
          </div>
        );
      }}</Loaded>
    </>
  );
}
