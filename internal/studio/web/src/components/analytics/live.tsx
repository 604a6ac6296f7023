// live.tsx: the views playing now (concurrentViewers), kept current by the
// subscription concurrentViewersUpdated, for the project or the video filtered.
import { useEffect, useState } from 'preact/hooks';
import { gql, subscribe } from '../../api';
import { formatValue } from './format';

interface Concurrent { count: number; asOf: string; windowSeconds: number }

/** The number of viewers now, live. */
export function ViewersNow(props: { projectId: string; videoId?: string }) {
  const [now, setNow] = useState<Concurrent | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    const vars = { projectId: props.projectId, videoId: props.videoId || null };
    let live = true;
    setNow(null);
    setError('');
    gql<{ concurrentViewers: Concurrent }>('AnalyticsConcurrentViewers', vars)
      .then((r) => { if (live) setNow((n) => n || r.concurrentViewers); })
      .catch((e) => { if (live) setError(e.message); });
    const stop = subscribe<{ concurrentViewersUpdated: Concurrent }>('AnalyticsConcurrentViewersUpdated', vars,
      (d) => { if (live) { setNow(d.concurrentViewersUpdated); setError(''); } },
      (e) => { if (live) setError(`Live updates stopped: ${e.message}`); });
    return () => { live = false; stop(); };
  }, [props.projectId, props.videoId]);
  return (
    <section class="card viewers-now" aria-labelledby="viewers-now-title">
      <h2 id="viewers-now-title">Viewers now{props.videoId ? ' (this video)' : ''}</h2>
      <p class="big-number" aria-live="polite" aria-atomic="true">{now ? formatValue(now.count, 'count') : '…'}</p>
      <p class="muted small">
        {now ? `Players that sent a beacon in the last ${now.windowSeconds} s, as of ${new Date(now.asOf).toLocaleTimeString()}.` : 'Counting…'}
      </p>
      {error && <p class="error-text small" role="alert">{error}</p>}
    </section>
  );
}
