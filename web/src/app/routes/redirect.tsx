import { useEffect, useState } from 'react';
import { Navigate } from 'react-router-dom';

/**
 * Redirects once the target screen's code has arrived, so the address changes when the screen can
 * show (as the data router's redirects did), not while a blank page waits for its chunk.
 */
export const PreloadedRedirect = ({ to, screen }: { to: string; screen: { preload: () => Promise<unknown> } }) => {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    // A failed fetch still redirects: the screen's own load then fails where the error boundary shows it.
    void screen
      .preload()
      .catch(() => undefined)
      .then(() => {
        if (live) setReady(true);
      });
    return () => {
      live = false;
    };
  }, [screen]);
  return ready ? <Navigate to={to} replace /> : null;
};
