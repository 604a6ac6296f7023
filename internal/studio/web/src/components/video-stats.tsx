// video-stats.tsx: the video's own analytics over the last 30 days (views,
// viewers, watch time), from the analytics query scoped to it (mediaId).
import { useMemo } from 'preact/hooks';
import { Loaded, duration, useQuery } from '../ui';
import type { SectionProps } from './video-types';

const metrics: [string, string, (n: number) => string][] = [
  ['views', 'Views', (n) => n.toLocaleString()],
  ['unique_viewers', 'Unique viewers', (n) => n.toLocaleString()],
  ['total_watch_time', 'Watch time', (n) => duration(n)],
  ['avg_watch_time', 'Average watch time per view', (n) => duration(n)],
  ['completion_rate', 'Completion rate', (n) => `${Math.round(n * 100)} %`],
];

interface Result { analytics: { startTime: string; endTime: string; metrics: { name: string; total: number | null }[] } | null }

/** The analytics summary section. */
export function VideoStats(props: SectionProps) {
  const query = useMemo(() => {
    const end = new Date();
    const start = new Date(end.getTime() - 30 * 24 * 3600 * 1000);
    return { startTime: start.toISOString(), endTime: end.toISOString(), metrics: metrics.map(([name]) => ({ name })) };
  }, [props.video.id]);
  const q = useQuery<Result>('VideoAnalyticsSummary', { projectId: props.projectID, mediaId: props.video.id, query });
  return (
    <section class="card video-section" aria-labelledby="video-stats-title">
      <h2 id="video-stats-title">Analytics, last 30 days</h2>
      <Loaded q={q}>{() => {
        const a = q.data!.analytics;
        if (!a) return <p class="muted">This deployment keeps no analytics.</p>;
        const total = (name: string) => a.metrics.find((m) => m.name === name)?.total;
        return (
          <table class="video-stats">
            <caption class="muted">{new Date(a.startTime).toLocaleDateString()} to {new Date(a.endTime).toLocaleDateString()}, as players reported</caption>
            <thead><tr><th scope="col">Measure</th><th scope="col">Value</th></tr></thead>
            <tbody>
              {metrics.map(([name, label, show]) => {
                const n = total(name);
                return <tr key={name}><th scope="row">{label}</th><td>{n == null ? '—' : show(n)}</td></tr>;
              })}
            </tbody>
          </table>
        );
      }}</Loaded>
    </section>
  );
}
