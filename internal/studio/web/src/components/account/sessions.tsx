// sessions.tsx: the Profile screen's active sessions: device, address, last
// seen, this device marked; sign out one, or every other.
import { Button, ErrorBox, Loaded, toast, useMutation, when, type QueryState } from '../../ui';

/** One sign-in of the user (AuthSession). */
export interface AuthSession {
  id: string;
  device: string;
  userAgent: string;
  ipAddress: string;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

/** The table of sessions of q (the ProfileSessions query), with their sign-out actions. */
export function SessionsCard(props: { q: QueryState<{ sessions: AuthSession[] }> }) {
  const { q } = props;
  const one = useMutation('ProfileDeleteSession');
  const others = useMutation('ProfileDeleteOtherSessions');
  const signOutOne = async (s: AuthSession) => {
    if (await one.run({ id: s.id })) { toast(`Signed out ${s.device || 'the session'}`); q.reload(); }
  };
  const signOutOthers = async () => {
    const r = await others.run();
    if (r) {
      const n = r.deleteOtherSessions as number;
      toast(n === 1 ? 'Signed out 1 other session' : `Signed out ${n} other sessions`);
      q.reload();
    }
  };
  const list = q.data?.sessions || [];
  return (
    <section class="card account-card" aria-labelledby="profile-sessions">
      <div class="card-head">
        <h2 id="profile-sessions">Active sessions</h2>
        <Button onClick={signOutOthers} busy={others.busy} disabled={list.filter((s) => !s.current).length === 0}>Sign out all other sessions</Button>
      </div>
      <ErrorBox error={one.error || others.error} />
      <Loaded q={q}>{() => (
        <div class="table-wrap">
          <table>
            <caption class="sr-only">Your sessions, most recently seen first</caption>
            <thead>
              <tr><th scope="col">Device</th><th scope="col">Address</th><th scope="col">Last seen</th><th scope="col">Signed in</th><th scope="col"><span class="sr-only">Actions</span></th></tr>
            </thead>
            <tbody>
              {list.map((s) => (
                <tr key={s.id}>
                  <td><span title={s.userAgent}>{s.device || 'Unknown device'}</span>{s.current && <> <span class="badge ok">This device</span></>}</td>
                  <td>{s.ipAddress || '—'}</td>
                  <td>{when(s.lastSeenAt)}</td>
                  <td>{when(s.createdAt)}</td>
                  <td>{!s.current && (
                    <Button onClick={() => signOutOne(s)} busy={one.busy} aria-label={`Sign out ${s.device || 'session'} at ${s.ipAddress || 'unknown address'}`}>Sign out</Button>
                  )}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}</Loaded>
    </section>
  );
}
