// webhook-deliveries.tsx: the deliveries of one endpoint, newest first, a page
// of 50 at a time, filtered by status; new deliveries and new attempts arrive
// live through the webhookDeliveryUpdated subscription.
import { useEffect, useState } from 'preact/hooks';
import { subscribe } from '../api';
import { paths } from '../routes';
import { ErrorBox, Loaded, Select, useQuery, when } from '../ui';
import { Pager, useCursor } from './pager';
import { statusClass, type Delivery, type Endpoint } from './webhook-types';

interface Page {
  webhookLogs: { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string | null }; edges: { node: Delivery }[] };
}

/** The most live updates kept (the newest), so a long session stays small. */
const maxLive = 50;

/** The endpoint's deliveries. */
export function Deliveries(props: { projectID: string; endpoint: Endpoint }) {
  const { projectID, endpoint } = props;
  const cursor = useCursor();
  const [status, setStatus] = useState('');
  const q = useQuery<Page>('WebhookDeliveries', { projectID, endpointID: endpoint.id, status: status || null, after: cursor.after });
  const [live, setLive] = useState<Record<string, Delivery>>({});
  const [feedError, setFeedError] = useState<unknown>(null);
  useEffect(() => {
    setLive({});
    return subscribe<{ webhookDeliveryUpdated: Delivery }>('WebhookDeliveryUpdated', { projectID, endpointID: endpoint.id },
      (d) => {
        setFeedError(null);
        setLive((m) => {
          const next = { ...m, [d.webhookDeliveryUpdated.id]: d.webhookDeliveryUpdated };
          const ids = Object.keys(next);
          if (ids.length > maxLive) delete next[ids[0]];
          return next;
        });
      },
      (e) => setFeedError(`Live updates stopped: ${e.message}. Reload to see new deliveries.`));
  }, [projectID, endpoint.id]);
  const filter = (e: Event) => { setStatus((e.target as HTMLSelectElement).value); cursor.reset(); };
  return (
    <section class="card deliveries" aria-labelledby="deliveries-title">
      <div class="row spread">
        <h2 id="deliveries-title">Deliveries to {endpoint.url}</h2>
        <Select label="Status" value={status} onChange={filter}
          options={[['', 'Any'], ['pending', 'Pending'], ['succeeded', 'Succeeded'], ['failed', 'Failed'], ['cancelled', 'Cancelled']]} />
      </div>
      <p class="muted">New deliveries and attempts appear here as they happen.</p>
      <ErrorBox error={feedError} />
      <Loaded q={q}>{() => {
        const page = q.data!.webhookLogs;
        const onPage = new Set(page.edges.map((e) => e.node.id));
        const fresh = cursor.page === 1
          ? Object.values(live).filter((d) => !onPage.has(d.id) && (!status || d.status === status))
            .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
          : [];
        const rows = [...fresh, ...page.edges.map((e) => live[e.node.id] || e.node)];
        if (!rows.length) return <p class="empty">No delivery yet. Each event the endpoint subscribes to is delivered here.</p>;
        return (
          <>
            <table>
              <caption class="sr-only">Deliveries, newest first</caption>
              <thead><tr><th scope="col">Event</th><th scope="col">Status</th><th scope="col">Attempts</th><th scope="col">Last answer</th><th scope="col">Created</th></tr></thead>
              <tbody>
                {rows.map((d) => (
                  <tr key={d.id}>
                    <td><a href={`${paths.webhooks(projectID)}?endpoint=${endpoint.id}&delivery=${d.id}`}>{d.eventType}</a></td>
                    <td><span class={`badge ${statusClass(d.status)}`}>{d.status}</span></td>
                    <td>{d.attempts}</td>
                    <td>{d.lastStatusCode ? `HTTP ${d.lastStatusCode}` : '—'}</td>
                    <td>{when(d.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pager cursor={cursor} pageInfo={page.pageInfo} total={page.totalCount} label="Deliveries" />
          </>
        );
      }}</Loaded>
    </section>
  );
}
