// live.tsx: the live screens: a project's live streams (Live) and one stream
// (Stream). Their parts are in components/live.
import { LiveList } from '../components/live/list';
import { StreamPage } from '../components/live/stream';

/** The project's live streams and "New live stream" (route /studio/projects/:project/live). */
export function Live() {
  return <LiveList />;
}

/** One live stream (route /studio/projects/:project/live/:stream). */
export function Stream() {
  return <StreamPage />;
}
