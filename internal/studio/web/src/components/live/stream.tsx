// stream.tsx: the Stream screen: one live stream's status and health (read
// again at each event of its liveStreamUpdated subscription: status changes and
// ingest heartbeats; polled every 2.5 s only if the subscription fails), its
// preview, ingest addresses and key, simulcast targets, sessions and settings.
import { useEffect, useState } from 'preact/hooks';
import { useRoute } from 'preact-iso';
import { useProjectID } from '../../app';
import { paths } from '../../routes';
import { Button, ErrorBox, Loaded, Page, toast, useMutation, useQuery } from '../../ui';
import { HealthPanel } from './health';
import { IngestPanel } from './ingest';
import type { StreamDetail } from './model';
import { Preview } from './preview';
import { SessionsPanel } from './sessions';
import { SettingsPanel } from './settings';
import { SimulcastPanel } from './simulcast';
import { usePolling, useStreamEvents } from './status';

/** How often the stream is read again while its page is visible, when its subscription failed. */
const pollMs = 2500;

/** One live stream's page. */
export function StreamPage() {
  const project = useProjectID();
  const id = useRoute().params.stream;
  const q = useQuery<{ liveStream: StreamDetail }>('LiveStream', { projectID: project, id });
  const subscriptionFailed = useStreamEvents(project, id, q.reload);
  // A stream that is gone (deleted elsewhere) is not asked for again.
  usePolling(q.error?.code === 'NOT_FOUND' || !subscriptionFailed ? stopped : q.reload, pollMs);
  const now = useClock();
  const s = q.data?.liveStream;
  return (
    <Page title={s ? s.name : 'Live stream'} actions={s && <StatusActions project={project} stream={s} onDone={q.reload} />}>
      <p><a href={paths.live(project)}>All live streams</a></p>
      <Loaded q={q}>{() => (
        <div class="live-grid">
          <HealthPanel stream={s!} now={now} />
          <Preview project={project} stream={s!} />
          <IngestPanel project={project} stream={s!} onReset={q.reload} />
          <SimulcastPanel project={project} streamID={s!.id} />
          <SessionsPanel project={project} streamID={s!.id} version={`${s!.status}:${s!.currentSession?.id || ''}`} />
          <SettingsPanel project={project} stream={s!} onSaved={q.reload} />
        </div>
      )}</Loaded>
      {q.error && q.data && <p class="muted" role="status">Could not refresh: {q.error.message}</p>}
    </Page>
  );
}

/** The reload of a page whose stream is gone: nothing. */
const stopped = () => Promise.resolve();

/** The time now, ticking every second (durations on air, reconnect countdown). */
function useClock(): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const t = window.setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  return now;
}

/** Enable or disable the stream, and end the session in progress. */
function StatusActions(props: { project: string; stream: StreamDetail; onDone: () => Promise<void> }) {
  const s = props.stream;
  const m = useMutation('UpdateLiveStreamStatus');
  const act = async (action: 'ENABLE' | 'DISABLE' | 'COMPLETE', done: string) => {
    if (await m.run({ projectID: props.project, id: s.id, action })) {
      toast(done);
      await props.onDone();
    }
  };
  return (
    <>
      {s.currentSession && <Button busy={m.busy} onClick={() => act('COMPLETE', 'Session ended')}>End session</Button>}
      {s.enabled
        ? <Button busy={m.busy} onClick={() => act('DISABLE', 'Stream disabled: publishers are refused')}>Disable</Button>
        : <Button kind="primary" busy={m.busy} onClick={() => act('ENABLE', 'Stream enabled')}>Enable</Button>}
      <ErrorBox error={m.error} />
    </>
  );
}
