import { useEffect, useState } from 'react';

const REVOKE_AFTER_MS = 60_000;

/**
 * A video's WebVTT captions, fetched and handed to <track> as a same-origin blob URL: a <track> from
 * another origin (the media bucket) would need the whole video fetched with CORS. Null until they
 * have arrived, and when there are none or they cannot be fetched (the video still plays).
 */
export const useCaptionsUrl = (href: string | null | undefined): string | null => {
  const [captions, setCaptions] = useState<{ href: string; url: string } | null>(null);
  useEffect(() => {
    if (!href) return;
    let objectUrl: string | null = null;
    const controller = new AbortController();
    fetch(href, { signal: controller.signal })
      .then((response) => (response.ok ? response.text() : Promise.reject(new Error(String(response.status)))))
      .then((text) => {
        objectUrl = URL.createObjectURL(new Blob([text], { type: 'text/vtt' }));
        setCaptions({ href, url: objectUrl });
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      // Revoked later, not now: a <track> still being torn down or switched may load it once more,
      // and a revoked blob URL fails that load (net::ERR_FILE_NOT_FOUND). A few KB for a minute.
      const stale = objectUrl;
      if (stale) setTimeout(() => URL.revokeObjectURL(stale), REVOKE_AFTER_MS);
    };
  }, [href]);
  return captions && captions.href === href ? captions.url : null;
};
