// status.tsx: a live stream's status badge, the subscription that keeps a
// stream's page current (liveStreamUpdated: each status change and each ingest
// heartbeat), and the polling that keeps a list current while it is visible.
import { useEffect, useRef, useState } from 'preact/hooks';
import { subscribe } from '../../api';
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

/**
 * Reads the stream again (reload) at each event of its liveStreamUpdated
 * subscription, never two reads at a time (events during a read give one more
 * read after it). It reports whether the subscription failed, for the page to
 * fall back to polling.
 */
export function useStreamEvents(projectID: string, id: string, reload: () => Promise<void>): boolean {
  const latest = useRef(reload);
  latest.current = reload;
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let running = false;
    let again = false;
    const read = async () => {
      if (running) { again = true; return; }
      running = true;
      try {
        do {
          again = false;
          await latest.current();
        } while (again);
      } finally {
        running = false;
      }
    };
    setFailed(false);
    let first = true;
    return subscribe('LiveStreamUpdated', { projectID, id }, () => {
      // The first event is the stream as the page has just read it.
      if (first) { first = false; return; }
      void read();
    }, () => setFailed(true));
  }, [projectID, id]);
  return failed;
}
