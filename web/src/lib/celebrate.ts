import { storage } from './storage';

/** Confetti once per position (spec §2), remembered in local storage. */
const key = (positionId: string) => `celebrated_${positionId}`;

export const celebrateOnce = async (positionId: string): Promise<boolean> => {
  if (storage.get(key(positionId))) return false;
  storage.set(key(positionId), '1');
  const { default: confetti } = await import('canvas-confetti');
  await confetti({ particleCount: 160, spread: 80, origin: { y: 0.3 }, disableForReducedMotion: true });
  return true;
};
