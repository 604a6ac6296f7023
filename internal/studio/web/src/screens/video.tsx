// video.tsx: not built yet; the screen says so and points to the API.
import { Unbuilt } from '../unbuilt';

/** Not built yet. */
export function Video() {
  return <Unbuilt title="Video" />;
}
