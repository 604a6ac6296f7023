// video-types.ts: the shapes of a video's page's data, as its operations
// (operations/video.graphql) select them.

/** A static rendition (an MP4 or M4A download) of a video. */
export interface StaticRendition {
  id: string;
  resolution: string;
  fileName: string;
  status: 'preparing' | 'ready' | 'failed';
  width: number;
  height: number;
  bytes: number;
  failureReason: string;
  readyAt: string | null;
  downloadURL: string | null;
}

/** One HLS rendition of a video. */
export interface Rendition {
  id: string;
  name: string;
  width: number;
  height: number;
  bandwidth: number;
  status: string;
}

/** The fields of a video the page shows and the subscription refreshes (fragment VideoPageState). */
export interface VideoState {
  id: string;
  projectID: string;
  title: string;
  description: string;
  status: 'created' | 'uploading' | 'processing' | 'ready' | 'failed' | 'live';
  progress: number;
  failureReason: string;
  duration: number;
  size: number;
  width: number;
  height: number;
  createdAt: string;
  updatedAt: string;
  packaging: string;
  folderID: string | null;
  metadata: Record<string, unknown> | null;
  embedURL: string;
  embedCode: string;
  playbackURL: string | null;
  dashURL: string | null;
  renditions: Rendition[] | null;
  staticRenditions: StaticRendition[] | null;
}

/** A tag (id and name). */
export interface Tag { id: string; name: string }

/** The video as the page loads it: its state, folder, tags and project's playback rules. */
export interface VideoData extends VideoState {
  folder: { id: string; name: string } | null;
  tags: { totalCount: number; edges: { node: Tag }[] };
  project?: { id: string; name: string; accessControl: { playback: 'public' | 'signed' } | null };
}

/** The props every section of the page gets: the video and its project's id. */
export interface SectionProps {
  video: VideoData;
  projectID: string;
}
