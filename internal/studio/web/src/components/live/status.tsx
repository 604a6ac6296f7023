// status.tsx: a live stream's status badge, and the polling that keeps a
// screen's data current while it is visible (the API has no live stream
// subscription).
import { useEffect, useRef } from 'preact/hooks';
import { statusText, type StreamStatus } from './model';

/** A stream's status as a coloured badge (the text says it too). */
export function StatusBadge(props: { status: StreamStatus }) {
  return <span class={`badge live-${props.status}`}>{statusText[props.status] || props.status}</span>;
}

/**
 * Calls reload every ms milliseconds while the document is visible, and at
 * once when it becomes visible again; never two calls at a time.
 */
export function usePolling(reload: () => Promise<void>, ms: number): void {
  const latest = useRef(reload);
  latest.current = reload;
  useEffect(() => {
    let timer = 0;
    let running = false;
    let stopped = false;
    const tick = async () => {
      clearTimeout(timer);
      if (running || stopped) return;
      if (document.visibilityState === 'visible') {
        running = true;
        try { await latest.current(); } finally { running = false; }
      }
      if (!stopped) timer = window.setTimeout(tick, ms);
    };
    const onVisible = () => { if (document.visibilityState === 'visible') void tick(); };
    timer = window.setTimeout(tick, ms);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [ms]);
}
