// profile.tsx: the signed-in user's profile: name, avatar, email verification,
// password, and the active sessions.
import { ErrorBox, Loaded, Page, useQuery } from '../ui';
import { PasswordCard } from '../components/account/password';
import { ProfileDetails, type ProfileUser } from '../components/account/profile-details';
import { SessionsCard, type AuthSession } from '../components/account/sessions';

/** The Profile screen (/studio/profile). */
export function Profile() {
  const me = useQuery<{ profile: ProfileUser }>('ProfileMe');
  const sessions = useQuery<{ sessions: AuthSession[] }>('ProfileSessions');
  return (
    <Page title="Profile">
      <Loaded q={me}>{() => (
        <div class="account-stack">
          <ErrorBox error={me.error} />
          <ProfileDetails user={me.data!.profile} onChange={me.reload} />
          <PasswordCard hasPassword={me.data!.profile.hasPassword} onChange={() => { me.reload(); sessions.reload(); }} />
          <SessionsCard q={sessions} />
        </div>
      )}</Loaded>
    </Page>
  );
}
