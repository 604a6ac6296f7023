// list.tsx: the Live screen: a project's live streams, a page of 50 at a time
// with their status (refreshed every 5 s while visible), and a new stream.
import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { useProjectID } from '../../app';
import { paths } from '../../routes';
import { Button, Dialog, ErrorBox, Loaded, Page, toast, useMutation, useQuery, when } from '../../ui';
import { rememberKey, type IssuedKey } from './keys';
import type { StreamStatus } from './model';
import { Pager, pageSize, useCursor } from './paging';
import { newStreamDefaults, SettingsFields, settingsFromForm } from './settings-fields';
import { StatusBadge, usePolling } from './status';

interface StreamRow { id: string; name: string; status: StreamStatus; enabled: boolean; keyLast4: string; latencyMode: string; record: boolean; createdAt: string }
interface StreamsPage {
  liveStreams: { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string | null }; edges: { node: StreamRow }[] };
}

/** The project's live streams, with their status, and "New live stream". */
export function LiveList() {
  const project = useProjectID();
  const cursor = useCursor();
  const q = useQuery<StreamsPage>('LiveStreams', { projectID: project, first: pageSize, after: cursor.after });
  usePolling(q.reload, 5000);
  const [open, setOpen] = useState(false);
  return (
    <Page title="Live" actions={<Button kind="primary" onClick={() => setOpen(true)}>New live stream</Button>}>
      <Loaded q={q}>{() => {
        const c = q.data!.liveStreams;
        if (!c.edges.length && cursor.page === 1) {
          return <p class="empty">No live stream yet. A live stream gives you an RTMP or SRT address and a key for OBS or ffmpeg; each broadcast plays at once and can be recorded as a video.</p>;
        }
        return (
          <>
            <table>
              <caption class="muted live-caption">{c.totalCount} live stream{c.totalCount === 1 ? '' : 's'}</caption>
              <thead><tr><th scope="col">Name</th><th scope="col">Status</th><th scope="col">Latency</th><th scope="col">Recording</th><th scope="col">Key</th><th scope="col">Created</th></tr></thead>
              <tbody>
                {c.edges.map(({ node: s }) => (
                  <tr key={s.id}>
                    <td><a href={paths.stream(project, s.id)}>{s.name}</a></td>
                    <td><StatusBadge status={s.status} /></td>
                    <td>{s.latencyMode === 'low' ? 'Low' : 'Standard'}</td>
                    <td>{s.record ? 'On' : 'Off'}</td>
                    <td class="muted">…{s.keyLast4}</td>
                    <td>{when(s.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pager label="Live streams" cursor={cursor} pageInfo={c.pageInfo} total={c.totalCount} />
          </>
        );
      }}</Loaded>
      {q.error && q.data && <p class="muted" role="status">Could not refresh: {q.error.message}</p>}
      <NewStreamDialog open={open} onClose={() => setOpen(false)} project={project} />
    </Page>
  );
}

/** The dialog that creates a stream, then opens its page with the new key at hand. */
function NewStreamDialog(props: { open: boolean; onClose: () => void; project: string }) {
  const create = useMutation<{ createLiveStream: IssuedKey & { liveStream: { id: string; name: string } } }>('CreateLiveStream');
  const { route } = useLocation();
  const submit = async (e: Event) => {
    e.preventDefault();
    const r = await create.run({ projectID: props.project, input: settingsFromForm(e.target as HTMLFormElement) });
    if (!r) return;
    const { liveStream, ...key } = r.createLiveStream;
    rememberKey(liveStream.id, key);
    toast(`Live stream ${liveStream.name} created`);
    props.onClose();
    route(paths.stream(props.project, liveStream.id));
  };
  return (
    <Dialog title="New live stream" open={props.open} onClose={props.onClose}>
      <form onSubmit={submit}>
        <SettingsFields value={newStreamDefaults} error={create.error} />
        <ErrorBox error={create.error} fields={['name', 'reconnectWindowSeconds', 'maxDurationSeconds']} />
        <div class="row">
          <Button type="submit" kind="primary" busy={create.busy}>Create</Button>
          <Button onClick={props.onClose}>Cancel</Button>
        </div>
      </form>
    </Dialog>
  );
}
