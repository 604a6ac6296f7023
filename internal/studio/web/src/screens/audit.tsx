// audit.tsx: the organization's audit log, newest first, 50 a page: filtered by
// actor, entity type and time; each entry opens to show where it came from and
// the fields it set (secrets redacted by the server).
import { Fragment } from 'preact';
import { useState } from 'preact/hooks';
import { Pager, useCursor } from '../components/pager';
import { Button, Field, Loaded, Page, Select, useQuery, when } from '../ui';

interface Entry {
  id: string; createdAt: string; actorType: 'user' | 'api_key' | 'anonymous'; actorID: string | null; action: string;
  entityType: string; entityID: string | null; operation: string; address: string; userAgent: string; changes: Record<string, unknown> | null;
}
interface AuditPage { audits: { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string | null }; edges: { node: Entry }[] } }
interface Actors {
  members: { edges: { node: { userID: string; user: { name: string; email: string } } }[] };
  apiKeys: { edges: { node: { id: string; name: string } }[] };
}
interface Filter { actorID: string | null; entityType: string | null; since: string | null; until: string | null }

/** Entity types the log records most (ent type names); any other can be typed. */
const entityTypes = ['APIKey', 'Invitation', 'Membership', 'Organization', 'Project', 'Video', 'Folder', 'Caption',
  'LiveStream', 'Player', 'WebhookEndpoint', 'ProjectSetting', 'AccessControl', 'Subscription'];

/** A datetime-local value as an RFC 3339 time, or null. */
function isoTime(v: FormDataEntryValue | null): string | null {
  return v ? new Date(String(v)).toISOString() : null;
}

/** The audit log screen. */
export function Audit() {
  const cursor = useCursor();
  const [filter, setFilter] = useState<Filter>({ actorID: null, entityType: null, since: null, until: null });
  const q = useQuery<AuditPage>('Audits', { ...filter, after: cursor.after });
  const actors = useQuery<Actors>('AuditActors');
  const [open, setOpen] = useState<string | null>(null);
  const names: Record<string, string> = {};
  actors.data?.members.edges.forEach(({ node }) => { names[node.userID] = node.user.name || node.user.email; });
  actors.data?.apiKeys.edges.forEach(({ node }) => { names[node.id] = `API key ${node.name}`; });
  const actorName = (e: Entry) => (e.actorID ? names[e.actorID] || `${e.actorType === 'api_key' ? 'API key' : 'User'} …${e.actorID.slice(-8)}` : 'Vidra (no actor)');
  const apply = (e: Event) => {
    e.preventDefault();
    const f = new FormData(e.target as HTMLFormElement);
    setFilter({
      actorID: String(f.get('actor') || '') || null,
      entityType: String(f.get('entityType') || '').trim() || null,
      since: isoTime(f.get('since')),
      until: isoTime(f.get('until')),
    });
    cursor.reset();
    setOpen(null);
  };
  const actorOptions: [string, string][] = [['', 'Anyone'], ...Object.entries(names)];
  return (
    <Page title="Audit log">
      <form class="card audit-filters row" onSubmit={apply} aria-label="Filter the audit log">
        <Select label="Actor" name="actor" options={actorOptions} />
        <Field label="Entity type" name="entityType" list="audit-entity-types" placeholder="Any" />
        <datalist id="audit-entity-types">{entityTypes.map((t) => <option key={t} value={t} />)}</datalist>
        <Field label="Since" name="since" type="datetime-local" />
        <Field label="Until" name="until" type="datetime-local" />
        <Button type="submit" kind="primary">Filter</Button>
      </form>
      <Loaded q={q}>{() => {
        const page = q.data!.audits;
        if (!page.edges.length) return <p class="empty">No entry matches.</p>;
        return (
          <>
            <table class="audit">
              <thead><tr><th scope="col">When</th><th scope="col">Actor</th><th scope="col">Action</th><th scope="col">Entity</th><th scope="col">Details</th></tr></thead>
              <tbody>
                {page.edges.map(({ node: e }) => (
                  <Fragment key={e.id}>
                    <tr>
                      <td>{when(e.createdAt)}</td>
                      <td>{actorName(e)}</td>
                      <td><code>{e.action}</code> <span class="muted">{e.operation}</span></td>
                      <td>{e.entityType} {e.entityID && <code class="muted" title={e.entityID}>…{e.entityID.slice(-8)}</code>}</td>
                      <td>
                        <Button aria-expanded={open === e.id ? 'true' : 'false'} aria-controls={open === e.id ? `audit-${e.id}` : undefined}
                          aria-label={`${open === e.id ? 'Hide' : 'Show'} details of ${e.action} at ${when(e.createdAt)}`}
                          onClick={() => setOpen(open === e.id ? null : e.id)}>{open === e.id ? 'Hide' : 'Show'}</Button>
                      </td>
                    </tr>
                    {open === e.id && (
                      <tr id={`audit-${e.id}`} class="audit-details">
                        <td colSpan={5}>
                          <dl class="facts">
                            <dt>Entity</dt><dd>{e.entityType} <code>{e.entityID || '—'}</code></dd>
                            <dt>Actor</dt><dd>{e.actorType} <code>{e.actorID || '—'}</code></dd>
                            <dt>Address</dt><dd>{e.address || '—'}</dd>
                            <dt>User agent</dt><dd>{e.userAgent || '—'}</dd>
                          </dl>
                          <pre tabIndex={0} aria-label="Fields set">{e.changes ? JSON.stringify(e.changes, null, 2) : '(no field recorded)'}</pre>
                        </td>
                      </tr>
                    )}
                  </Fragment>
                ))}
              </tbody>
            </table>
            <Pager cursor={cursor} pageInfo={page.pageInfo} total={page.totalCount} label="Audit log" />
          </>
        );
      }}</Loaded>
    </Page>
  );
}
