// app.tsx: the router and the frame around every signed-in screen: the
// organization switcher, the project's navigation and the toasts. Each screen is
// its own chunk, loaded when first opened (lazy).
import { LocationProvider, Router, Route, lazy, useLocation, useRoute } from 'preact-iso';
import { useEffect } from 'preact/hooks';
import { session } from './session';
import { useSignal } from './signal';
import { base, paths, publicPaths } from './routes';
import { Toasts } from './ui';
import { OrgSwitcher } from './org';

const SignIn = lazy(() => import('./screens/signin').then((m) => m.SignIn));
const Register = lazy(() => import('./screens/signin').then((m) => m.Register));
const Reset = lazy(() => import('./screens/signin').then((m) => m.Reset));
const OAuthReturn = lazy(() => import('./screens/signin').then((m) => m.OAuthReturn));
const Projects = lazy(() => import('./screens/projects').then((m) => m.Projects));
const Profile = lazy(() => import('./screens/profile').then((m) => m.Profile));
const Library = lazy(() => import('./screens/library').then((m) => m.Library));
const Upload = lazy(() => import('./screens/upload').then((m) => m.Upload));
const Video = lazy(() => import('./screens/video').then((m) => m.Video));
const Live = lazy(() => import('./screens/live').then((m) => m.Live));
const Stream = lazy(() => import('./screens/live').then((m) => m.Stream));
const Analytics = lazy(() => import('./screens/analytics').then((m) => m.Analytics));
const Webhooks = lazy(() => import('./screens/webhooks').then((m) => m.Webhooks));
const Settings = lazy(() => import('./screens/settings').then((m) => m.Settings));
const Members = lazy(() => import('./screens/members').then((m) => m.Members));
const ApiKeys = lazy(() => import('./screens/apikeys').then((m) => m.ApiKeys));
const Audit = lazy(() => import('./screens/audit').then((m) => m.Audit));
const Billing = lazy(() => import('./screens/billing').then((m) => m.Billing));
const NotFound = lazy(() => import('./screens/notfound').then((m) => m.NotFound));

/** The console. */
export function App() {
  return (
    <LocationProvider>
      <Gate />
      <Toasts />
    </LocationProvider>
  );
}

/** Sends a signed-out visitor to sign-in (and back after), and a signed-in one away from it. */
function Gate() {
  const tokens = useSignal(session);
  const { path, url, route } = useLocation();
  const open = publicPaths.some((p) => path === p || (p.endsWith('/') && path.startsWith(p)));
  useEffect(() => {
    if (!tokens && !open) route(`${paths.signIn()}?next=${encodeURIComponent(url)}`, true);
    if (tokens && (path === paths.signIn() || path === paths.register())) {
      const next = new URLSearchParams(location.search).get('next');
      route(next && next.startsWith(base + '/') ? next : paths.home(), true);
    }
  }, [tokens, open, path]);
  if (!tokens && !open) return null;
  if (open) {
    return (
      <main id="main" class="auth-main">
        <Router>
          <Route path={paths.signIn()} component={SignIn} />
          <Route path={paths.register()} component={Register} />
          <Route path={paths.reset()} component={Reset} />
          <Route path={`${base}/oauth/:provider`} component={OAuthReturn} />
          <Route path={`${base}/invitations/:token`} component={Members} />
          <Route default component={NotFound} />
        </Router>
      </main>
    );
  }
  return <Frame />;
}

/** The frame of the signed-in screens. */
function Frame() {
  return (
    <div class="frame">
      <a class="skip" href="#main">Skip to content</a>
      <header class="topbar">
        <a class="brand" href={paths.home()}>Vidra Studio</a>
        <OrgSwitcher />
        <nav aria-label="Account" class="account-nav">
          <a href={paths.members()}>Members</a>
          <a href={paths.apiKeys()}>API keys</a>
          <a href={paths.audit()}>Audit log</a>
          <a href={paths.billing()}>Billing</a>
          <a href={paths.profile()}>Profile</a>
        </nav>
      </header>
      <div class="body">
        <ProjectNav />
        <main id="main" class="main">
          <Router>
            <Route path={paths.home()} component={Projects} />
            <Route path={`${base}`} component={Projects} />
            <Route path={paths.profile()} component={Profile} />
            <Route path={paths.members()} component={Members} />
            <Route path={paths.apiKeys()} component={ApiKeys} />
            <Route path={paths.audit()} component={Audit} />
            <Route path={paths.billing()} component={Billing} />
            <Route path={`${base}/projects/:project/videos`} component={Library} />
            <Route path={`${base}/projects/:project/upload`} component={Upload} />
            <Route path={`${base}/projects/:project/videos/:video`} component={Video} />
            <Route path={`${base}/projects/:project/live`} component={Live} />
            <Route path={`${base}/projects/:project/live/:stream`} component={Stream} />
            <Route path={`${base}/projects/:project/analytics`} component={Analytics} />
            <Route path={`${base}/projects/:project/webhooks`} component={Webhooks} />
            <Route path={`${base}/projects/:project/settings`} component={Settings} />
            <Route default component={NotFound} />
          </Router>
        </main>
      </div>
    </div>
  );
}

/** The navigation of the open project (shown on its screens only). */
function ProjectNav() {
  const { path } = useLocation();
  const m = path.match(/^\/studio\/projects\/([^/]+)/);
  if (!m) return null;
  const p = m[1];
  const links: [string, string][] = [
    [paths.library(p), 'Library'], [paths.upload(p), 'Upload'], [paths.live(p), 'Live'],
    [paths.analytics(p), 'Analytics'], [paths.webhooks(p), 'Webhooks'], [paths.settings(p), 'Settings'],
  ];
  return (
    <nav aria-label="Project" class="sidenav">
      <a href={paths.home()} class="back">All projects</a>
      <ul>
        {links.map(([href, text]) => (
          <li key={href}><a href={href} aria-current={path === href || path.startsWith(href + '/') ? 'page' : undefined}>{text}</a></li>
        ))}
      </ul>
    </nav>
  );
}

/** The :project parameter of the current route. */
export function useProjectID(): string {
  return useRoute().params.project;
}
