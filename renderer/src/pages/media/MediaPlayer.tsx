import { resolveFileUrl } from '../../features/files/urls';

const AUDIO = /\.mp3($|[?#])/i;

/** Whether a stored file plays as sound (.mp3) rather than picture (.mp4). */
export const isAudioUrl = (url: string) => AUDIO.test(url);

/**
 * A stored .mp4 or .mp3 played in place (the browser's own controls: keyboard-operable, no autoplay). Music gets
 * the shorter player the spec asks for; `preload="metadata"` reads only what the duration needs.
 */
export function MediaPlayer({ url, width = 240, onDuration, onEnded, autoPlay }: { url: string; width?: number; onDuration?(seconds: number): void; onEnded?(): void; autoPlay?: boolean }) {
  const src = resolveFileUrl(url);
  if (!src) return null;
  const loaded = (event: { currentTarget: HTMLMediaElement }) => {
    const seconds = event.currentTarget.duration;
    if (Number.isFinite(seconds)) onDuration?.(seconds);
  };
  return isAudioUrl(url) ? (
    <audio data-testid="audio-player" controls preload="metadata" src={src} style={{ width: Math.min(width, 220), height: 32 }} onLoadedMetadata={loaded} onEnded={onEnded} autoPlay={autoPlay} />
  ) : (
    <video data-testid="video-player" controls preload="metadata" src={src} style={{ width, maxHeight: (width * 9) / 16, background: '#000' }} onLoadedMetadata={loaded} onEnded={onEnded} autoPlay={autoPlay} />
  );
}

/** 75.4 → "1:15"; 3725 → "1:02:05". */
export function formatDuration(seconds: number): string {
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
