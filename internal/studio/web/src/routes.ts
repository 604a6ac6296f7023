// routes.ts: the console's paths. Everything lives under /studio/ (GET / redirects
// there), so no console path can shadow an API path (/v1, /graphql, /embed...).
export const base = '/studio';

/** Paths of the screens, built from their parameters. */
export const paths = {
  home: () => `${base}/`,
  signIn: () => `${base}/sign-in`,
  register: () => `${base}/register`,
  reset: () => `${base}/reset`,
  profile: () => `${base}/profile`,
  members: () => `${base}/organization/members`,
  apiKeys: () => `${base}/organization/api-keys`,
  audit: () => `${base}/organization/audit`,
  billing: () => `${base}/organization/billing`,
  library: (p: string) => `${base}/projects/${p}/videos`,
  upload: (p: string) => `${base}/projects/${p}/upload`,
  video: (p: string, v: string) => `${base}/projects/${p}/videos/${v}`,
  live: (p: string) => `${base}/projects/${p}/live`,
  stream: (p: string, s: string) => `${base}/projects/${p}/live/${s}`,
  analytics: (p: string) => `${base}/projects/${p}/analytics`,
  webhooks: (p: string) => `${base}/projects/${p}/webhooks`,
  settings: (p: string) => `${base}/projects/${p}/settings`,
};

/** Paths a signed-out visitor may open. */
export const publicPaths = [paths.signIn(), paths.register(), paths.reset(), `${base}/oauth/`, `${base}/invitations/`];
