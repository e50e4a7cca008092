import { useSyncExternalStore } from 'react';
import { storage } from './storage';

/**
 * The session id (spec §3: kept in local storage, sent as the session header). A sign-out, explicit
 * or caused by a 401/403, notifies subscribers so the router can go to /signin.
 */
const SESSION_KEY = 'session_id';
type Listener = () => void;
const listeners = new Set<Listener>();
const signOutListeners = new Set<Listener>();

const notify = () => listeners.forEach((listener) => listener());

export const session = {
  get: (): string | null => storage.get(SESSION_KEY),
  set(sessionId: string) {
    storage.set(SESSION_KEY, sessionId);
    notify();
  },
  /** Drops the session and emits the sign-out event. */
  clear() {
    const had = storage.get(SESSION_KEY) !== null;
    storage.remove(SESSION_KEY);
    notify();
    if (had) signOutListeners.forEach((listener) => listener());
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  onSignOut(listener: Listener) {
    signOutListeners.add(listener);
    return () => {
      signOutListeners.delete(listener);
    };
  },
};

// Another tab signing in or out.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_KEY) notify();
  });
}

export const useSessionId = (): string | null => useSyncExternalStore(session.subscribe, session.get, () => null);
