// members.tsx: not built yet; the screen says so and points to the API.
import { Unbuilt } from '../unbuilt';

/** Not built yet. */
export function Members() {
  return <Unbuilt title="Members" />;
}
