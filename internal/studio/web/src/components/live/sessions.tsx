// sessions.tsx: a stream's history: each publishing session (newest first, 50
// a page) with its figures, how it ended, and the recording it made.
import { useEffect } from 'preact/hooks';
import { paths } from '../../routes';
import { bytes, duration, Loaded, useQuery, when } from '../../ui';
import { endReasonText, warningText, type Session } from './model';
import { Pager, pageSize, useCursor } from './paging';

interface SessionsPage {
  liveStreamSessions: { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string | null }; edges: { node: Session }[] };
}

/** The sessions of stream; version changes (status, session) reload the page shown. */
export function SessionsPanel(props: { project: string; streamID: string; version: string }) {
  const cursor = useCursor();
  const q = useQuery<SessionsPage>('LiveStreamSessions', { projectID: props.project, liveStreamID: props.streamID, first: pageSize, after: cursor.after });
  useEffect(() => { if (q.data) void q.reload(); }, [props.version]);
  return (
    <section class="card live-section live-wide" aria-labelledby="sessions-h">
      <h2 id="sessions-h">Sessions and recordings</h2>
      <Loaded q={q}>{() => {
        const c = q.data!.liveStreamSessions;
        if (!c.edges.length && cursor.page === 1) return <p class="muted">No session yet: each broadcast appears here, with its recording.</p>;
        return (
          <>
            <div class="live-table-wrap">
              <table>
                <thead>
                  <tr><th scope="col">Started</th><th scope="col">Duration</th><th scope="col">Protocol</th><th scope="col">Ended</th>
                    <th scope="col">Average</th><th scope="col">Warnings</th><th scope="col">Recording</th></tr>
                </thead>
                <tbody>{c.edges.map(({ node }) => <SessionRow key={node.id} project={props.project} s={node} />)}</tbody>
              </table>
            </div>
            <Pager label="Sessions" cursor={cursor} pageInfo={c.pageInfo} total={c.totalCount} />
          </>
        );
      }}</Loaded>
    </section>
  );
}

/** One session. */
function SessionRow(props: { project: string; s: Session }) {
  const s = props.s;
  const end = s.endedAt ? Date.parse(s.endedAt) : Date.now();
  return (
    <tr>
      <td>{when(s.startedAt)}</td>
      <td>{duration((end - Date.parse(s.startedAt)) / 1000)}</td>
      <td>{s.protocol.toUpperCase()}{s.reconnects ? ` (${s.reconnects} reconnect${s.reconnects > 1 ? 's' : ''})` : ''}</td>
      <td>{s.endedAt ? <>{endReasonText[s.endReason || ''] || s.endReason}{s.endError ? `: ${s.endError}` : ''}</> : <span class="badge live-active">In progress</span>}</td>
      <td>{s.bitrateKbps} kbps, {s.width ? `${s.width}×${s.height}` : '—'}, {bytes(s.bytes)}</td>
      <td>{s.warnings.length ? s.warnings.map((w) => warningText[w] || w).join('; ') : 'None'}</td>
      <td><Recording project={props.project} s={s} /></td>
    </tr>
  );
}

/** The session's video: a link while it exists, with its state. */
function Recording(props: { project: string; s: Session }) {
  const v = props.s.video;
  if (!v) return <span class="muted">Not recorded</span>;
  const state = v.status === 'live' ? 'live now' : v.status === 'ready' ? duration(v.duration) : v.status;
  return <a href={paths.video(props.project, v.id)}>{v.title || 'Recording'} <span class="muted">({state})</span></a>;
}
