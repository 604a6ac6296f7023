// model.ts: the shapes the live operations (operations/live.graphql) answer,
// and the words the console uses for their enums.

/** A stream's status (LiveStreamStatus). */
export type StreamStatus = 'idle' | 'active' | 'disconnected' | 'disabled';

/** A stream's settings (fragment LiveStreamSettings). */
export interface StreamSettings {
  id: string;
  name: string;
  status: StreamStatus;
  enabled: boolean;
  keyLast4: string;
  latencyMode: 'standard' | 'low';
  reconnectWindowSeconds: number;
  maxDurationSeconds: number;
  record: boolean;
  transcode: boolean;
  createdAt: string;
  updatedAt: string;
  reconnectDeadline: string | null;
}

/** One simulcast target's state in a session. */
export interface SimulcastState { targetID: string; url: string; state: string; error: string; bytes: number }

/** A publishing session (fragment LiveSessionRow). */
export interface Session {
  id: string;
  protocol: string;
  remoteAddr: string;
  startedAt: string;
  endedAt: string | null;
  endReason: string | null;
  endError: string;
  reconnects: number;
  bytes: number;
  bitrateKbps: number;
  fps: number;
  keyframeIntervalSeconds: number;
  videoCodec: string;
  audioCodec: string;
  width: number;
  height: number;
  warnings: string[];
  lastDataAt: string | null;
  simulcast: SimulcastState[];
  video: { id: string; title?: string; status: string; duration?: number; embedURL?: string } | null;
}

/** A stream with its ingest addresses and session in progress (query LiveStream). */
export interface StreamDetail extends StreamSettings {
  ingest: { rtmpURL: string; rtmpsURL: string | null; srtURL: string | null };
  playbackURL: string | null;
  currentSession: Session | null;
}

/** The status as the console names it. */
export const statusText: Record<StreamStatus, string> = {
  idle: 'Idle',
  active: 'Live',
  disconnected: 'Reconnecting',
  disabled: 'Disabled',
};

/** Why a session ended, in words. */
export const endReasonText: Record<string, string> = {
  publisher_closed: 'Publisher stopped',
  timeout: 'Publisher lost (no reconnect)',
  max_duration: 'Maximum duration reached',
  disabled: 'Stream disabled',
  key_reset: 'Key reset',
  node_lost: 'Ingest node lost',
  error: 'Error',
  deleted: 'Stream deleted',
  completed: 'Ended from the console or API',
};

/** Session warnings, in words. */
export const warningText: Record<string, string> = {
  keyframe_interval: 'Keyframes more than 4 s apart',
  audio_only: 'Audio only',
  video_only: 'No audio',
  bitrate_over_limit: 'Bitrate over the limit',
  transcode_unavailable: 'No transcode capacity: source only',
  transcode_failed: 'Transcode failed: source only',
};
