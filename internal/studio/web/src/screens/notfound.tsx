// notfound.tsx: a console path that names no screen.
import { paths } from '../routes';
import { Page } from '../ui';

/** The page for an unknown path. */
export function NotFound() {
  return (
    <Page title="Page not found">
      <p>There is no such page in Vidra Studio.</p>
      <a href={paths.home()}>Go to your projects</a>
    </Page>
  );
}
