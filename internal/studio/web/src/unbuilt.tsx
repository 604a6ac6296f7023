// unbuilt.tsx: what a screen shows before it is built: an honest statement and
// the way to do the same through the API.
import { Page } from './ui';

/** Says the screen is not in the console yet. */
export function Unbuilt(props: { title: string }) {
  return (
    <Page title={props.title}>
      <p role="status">This screen is not in Vidra Studio yet. Everything it will do works through the API: GraphQL at <code>/graphql</code> (try it at <a href="/playground">/playground</a>) and REST under <code>/v1</code>.</p>
    </Page>
  );
}
