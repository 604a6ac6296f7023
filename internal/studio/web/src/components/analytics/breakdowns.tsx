// breakdowns.tsx: the ranked lists of the Analytics screen: top videos (by
// views or watch time, linking to each video), countries (a ranked list with
// bars: the data of the world map above it, for screen readers and the CSV),
// devices, browsers and operating systems.
import { useState } from 'preact/hooks';
import { paths } from '../../routes';
import { Select } from '../../ui';
import { BarList, type BarItem } from './barlist';
import { countryName, plainLabel } from './format';
import { keyOf, metric, type Dataset } from './data';

/** The ranked lists of a breakdowns answer; names maps video ids to titles; file names a CSV. */
export function Breakdowns(props: { projectId: string; data: Dataset; names: Map<string, string> | null; file: (what: string) => string }) {
  const { data, file } = props;
  const list = (dimension: string, label: (v: string | null) => string): BarItem[] =>
    (metric(data, 'views', dimension)?.rows || []).map((r) => {
      const k = keyOf(r, dimension);
      return { key: k ?? '', label: label(k), value: r.value ?? 0 };
    });
  const simple = (title: string, column: string, dimension: string, slug: string) => {
    const items = list(dimension, plainLabel);
    return (
      <BarList title={title} column={column} metric="Views" unit="count" items={items}
        csv={{ filename: file(slug), header: [dimension, 'views'], rows: items.map((i) => [i.key, i.value]) }} />
    );
  };
  const countries = list('country', countryName);
  return (
    <div class="breakdowns">
      <TopVideos {...props} />
      <BarList title="Countries" column="Country" metric="Views" unit="count" items={countries}
        csv={{ filename: file('countries'), header: ['country_code', 'country', 'views'], rows: countries.map((i) => [i.key, i.label, i.value]) }} />
      {simple('Devices', 'Device', 'device_type', 'devices')}
      {simple('Browsers', 'Browser', 'browser', 'browsers')}
      {simple('Operating systems', 'Operating system', 'os', 'operating-systems')}
    </div>
  );
}

/** The most viewed or most watched videos, each a link to its page. */
function TopVideos(props: { projectId: string; data: Dataset; names: Map<string, string> | null; file: (what: string) => string }) {
  const [by, setBy] = useState<'views' | 'total_watch_time'>('views');
  const items: BarItem[] = (metric(props.data, by, 'media_id')?.rows || []).map((r) => {
    const id = keyOf(r, 'media_id') || '';
    return { key: id, label: videoTitle(props.names, id), href: paths.video(props.projectId, id), value: r.value ?? 0 };
  });
  const watch = by === 'total_watch_time';
  const column = watch ? 'watch_time_seconds' : 'views';
  return (
    <BarList title="Top videos" column="Video" metric={watch ? 'Watch time' : 'Views'} unit={watch ? 'seconds' : 'count'} items={items}
      csv={{ filename: props.file(watch ? 'top-videos-by-watch-time' : 'top-videos-by-views'), header: ['video_id', 'title', column], rows: items.map((i) => [i.key, i.label, i.value]) }}
      controls={<Select label="Rank by" value={by} options={[['views', 'Views'], ['total_watch_time', 'Watch time']]}
        onChange={(e) => setBy((e.target as HTMLSelectElement).value as typeof by)} />} />
  );
}

/** A video's title, or what is known of it while titles load or once the project no longer has it. */
export function videoTitle(names: Map<string, string> | null, id: string): string {
  if (!names) return `Video ${id.slice(0, 8)}`;
  return names.get(id) ?? `Deleted video ${id.slice(0, 8)}`;
}
