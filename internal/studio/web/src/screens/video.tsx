// video.tsx: a video's page: its player (or processing status, kept live by
// the videoUpdated subscription), details, captions, chapters, renditions and
// downloads, embed code, a 30-day analytics summary, and its deletion. Each
// section is a component of components/video-*.tsx.
import { useLocation, useRoute } from 'preact-iso';
import { useEffect, useState } from 'preact/hooks';
import { subscribe } from '../api';
import { useProjectID } from '../app';
import { paths } from '../routes';
import { Button, Loaded, Page, toast, useMutation, useQuery } from '../ui';
import { VideoCaptions } from '../components/video-captions';
import { VideoChapters } from '../components/video-chapters';
import { Confirm } from '../components/confirm';
import { VideoDetails } from '../components/video-details';
import { VideoDownloads } from '../components/video-downloads';
import { VideoEmbed } from '../components/video-embed';
import { VideoPlayer } from '../components/video-player';
import { VideoStats } from '../components/video-stats';
import type { VideoData, VideoState } from '../components/video-types';

/** The page of one video (route /studio/projects/:project/videos/:video). */
export function Video() {
  const projectID = useProjectID();
  const id = useRoute().params.video;
  const q = useQuery<{ video: VideoData }>('VideoPage', { id, projectID });
  // What the subscription or a save brought since the page loaded.
  const [patch, setPatch] = useState<Partial<VideoData>>({});
  const [gone, setGone] = useState(false);
  useEffect(() => {
    setPatch({});
    return subscribe<{ videoUpdated: VideoState }>('VideoPageUpdated', { id }, (d) => {
      setPatch((p) => ({ ...p, ...d.videoUpdated }));
    });
  }, [id]);
  const video = q.data ? { ...q.data.video, ...patch } : null;
  const [deleting, setDeleting] = useState(false);
  const del = useMutation('VideoDelete');
  const { route } = useLocation();
  const remove = async () => {
    if (await del.run({ id, projectID })) {
      setGone(true);
      toast(`Video ${video?.title || ''} deleted`);
      route(paths.library(projectID));
    }
  };

  return (
    <Page title={video ? video.title || 'Untitled video' : 'Video'}
      actions={video && !gone && <Button kind="danger" onClick={() => { del.setError(null); setDeleting(true); }}>Delete video</Button>}>
      <p class="video-back"><a href={paths.library(projectID)}>Back to the library</a></p>
      <Loaded q={q}>{() => {
        const v = video!;
        const section = { video: v, projectID };
        return (
          <div class="video-page">
            <div class="video-top">
              <VideoPlayer {...section} />
              <VideoDetails key={v.id} {...section} onSaved={(saved) => setPatch((p) => ({ ...p, ...saved }))} />
            </div>
            <VideoCaptions {...section} />
            <VideoChapters {...section} />
            <VideoDownloads {...section} />
            <VideoEmbed {...section} />
            <VideoStats {...section} />
          </div>
        );
      }}</Loaded>
      <Confirm title="Delete video" open={deleting} confirmLabel="Delete video" busy={del.busy} error={del.error}
        onConfirm={remove} onClose={() => setDeleting(false)}>
        <p>Delete <strong>{video?.title}</strong> with its renditions, captions, chapters and downloads? This cannot be undone.</p>
      </Confirm>
    </Page>
  );
}
