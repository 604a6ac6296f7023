// live.tsx: not built yet; the screen says so and points to the API.
import { Unbuilt } from '../unbuilt';

/** Not built yet. */
export function Live() {
  return <Unbuilt title="Live" />;
}

/** Not built yet. */
export function Stream() {
  return <Unbuilt title="Stream" />;
}
