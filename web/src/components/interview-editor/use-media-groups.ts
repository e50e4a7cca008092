import { useMemo } from 'react';
import useSWR from 'swr';
import { apiPath } from '../../api/client';
import { getMediaUploadGroupsCall, type MediaGroup } from '../../api/media';
import { useSessionId } from '../../lib/session';

/** Spec §9: media statuses are polled every 5 seconds. */
export const MEDIA_POLL_MS = 5000;

/**
 * Groups by id: null when asked for but not returned; an id not (yet) asked for is absent.
 * `failed`: the statuses could not be fetched (the editor says so instead of "Processing..." alone).
 */
export type MediaGroups = ReadonlyMap<string, MediaGroup | null> & { readonly failed?: boolean };

interface Fetched {
  asked: string[];
  groups: MediaGroup[];
}

const settled = ({ asked, groups }: Fetched) =>
  asked.every((id) => {
    const group = groups.find((g) => g.mediaGroupId === id);
    // Captions may still be prepared after the video is ready ("Captioning..."): polled until they are too.
    return !group || group.uploadStatus === 'failed' || (group.uploadStatus === 'ready' && group.captions.captionsStatus !== 'preparing');
  });

/**
 * The statuses and variants of a set of video groups in one call (batched by 20), polled every
 * 5 seconds while any is still uploading or processing, or its captions are being prepared. While a new id's first answer is on its
 * way, the others keep their last state (no flicker) and the new one is absent (processing).
 */
export const useMediaGroups = (ids: string[]): MediaGroups => {
  const sessionId = useSessionId();
  const sorted = [...new Set(ids)].sort();
  const key = sorted.length > 0 && sessionId ? apiPath('getMediaUploadGroups', { mediaGroupIds: sorted }) : null;
  const { data, error } = useSWR<Fetched>(key, async () => ({ asked: sorted, groups: await getMediaUploadGroupsCall(sorted) }), {
    refreshInterval: (latest) => (latest && settled(latest) ? 0 : MEDIA_POLL_MS),
    keepPreviousData: true,
  });
  return useMemo(() => {
    const map = new Map<string, MediaGroup | null>();
    for (const id of data?.asked ?? []) map.set(id, data!.groups.find((g) => g.mediaGroupId === id) ?? null);
    return Object.assign(map, { failed: error !== undefined });
  }, [data, error]);
};
