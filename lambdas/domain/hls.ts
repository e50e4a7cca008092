/**
 * The HLS playlists IVS writes of a live recording (RFC 8216): a multivariant playlist naming one
 * or more renditions, each a media playlist of fragmented-MP4 segments after an init segment
 * (`#EXT-X-MAP`). Fragmented MP4 is a byte concatenation: init + segments in order is one MP4.
 */
export interface Rendition {
  uri: string;
  bandwidth: number;
}

export interface MediaPlaylist {
  init: string | null;
  segments: { uri: string; seconds: number }[];
}

const attribute = (line: string, name: string): string | undefined => {
  const match = new RegExp(`(?:^|[:,])${name}=("[^"]*"|[^,]*)`).exec(line);
  return match?.[1]?.replace(/^"|"$/g, '');
};

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** The renditions of a multivariant playlist, best first; a media playlist given instead is its own one rendition (''). */
export const renditionsOf = (text: string): Rendition[] => {
  const all = lines(text);
  if (!all.some((line) => line.startsWith('#EXT-X-STREAM-INF')))
    return all.some((line) => line.startsWith('#EXTINF')) ? [{ uri: '', bandwidth: 0 }] : [];
  const renditions: Rendition[] = [];
  all.forEach((line, i) => {
    const next = all[i + 1];
    if (line.startsWith('#EXT-X-STREAM-INF') && next && !next.startsWith('#')) {
      renditions.push({ uri: next, bandwidth: Number(attribute(line, 'BANDWIDTH') ?? 0) || 0 });
    }
  });
  return renditions.sort((a, b) => b.bandwidth - a.bandwidth);
};

export const parseMediaPlaylist = (text: string): MediaPlaylist => {
  let init: string | null = null;
  let pending: number | null = null;
  const segments: MediaPlaylist['segments'] = [];
  for (const line of lines(text)) {
    if (line.startsWith('#EXT-X-MAP')) init = attribute(line, 'URI') ?? null;
    else if (line.startsWith('#EXTINF:')) pending = Number.parseFloat(line.slice('#EXTINF:'.length)) || 0;
    else if (!line.startsWith('#') && pending !== null) {
      segments.push({ uri: line, seconds: pending });
      pending = null;
    }
  }
  return { init, segments };
};

/** The segments that start before the limit: a take never runs longer than its answer time (plus grace) by more than one segment. */
export const segmentsWithin = (segments: MediaPlaylist['segments'], maxSeconds: number): MediaPlaylist['segments'] => {
  const kept: MediaPlaylist['segments'] = [];
  let start = 0;
  for (const segment of segments) {
    if (start >= maxSeconds) break;
    kept.push(segment);
    start += segment.seconds;
  }
  return kept;
};

/** A relative URI of a playlist, as the object key it names (`a/b/playlist.m3u8` + `seg1.mp4` → `a/b/seg1.mp4`). */
export const resolveKey = (playlistKey: string, uri: string): string => {
  const base = playlistKey.slice(0, playlistKey.lastIndexOf('/') + 1);
  const parts = `${base}${uri}`.split('/');
  const resolved: string[] = [];
  for (const part of parts) {
    if (part === '..') resolved.pop();
    else if (part !== '.') resolved.push(part);
  }
  return resolved.join('/');
};
