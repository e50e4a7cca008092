import { useEffect, useRef, useState } from 'react';
import { UNLIMITED_ANSWER_SECONDS } from '../../../../lambdas/contracts/timing';
import { COUNTDOWN_SECONDS } from '../../lib/recorder';
import { startStopwatch, timeAnnouncement } from '../../lib/take';

/** What the clock of a take is timing: the thinking time, the 3-second countdown, the answer; null while it waits. */
export type ClockPhase = 'thinking' | 'countdown' | 'recording' | null;

/**
 * The one clock of a take (a question's or the practice's): thinking time left → countdown →
 * seconds recorded, read from the wall clock. `onOver` is called when the thinking time or the
 * countdown runs out, or the answer reaches its limit (with no limit, null, only the technical cap,
 * an hour). `announcement` is what the take's polite live region says (timeAnnouncement), never
 * every second.
 */
export const useTakeClock = ({
  phase,
  thinkingTime,
  answerTime,
  onOver,
}: {
  phase: ClockPhase;
  thinkingTime: number | null;
  answerTime: number | null;
  onOver: (phase: Exclude<ClockPhase, null>) => void;
}) => {
  // The seconds passed in the phase they were counted in: a new phase starts at 0.
  const [passed, setPassed] = useState<{ phase: ClockPhase; seconds: number }>({ phase: null, seconds: 0 });
  const [announcement, setAnnouncement] = useState('');
  const over = useRef(onOver);
  useEffect(() => {
    over.current = onOver;
  });

  const total = phase === 'thinking' ? (thinkingTime ?? 0) : phase === 'countdown' ? COUNTDOWN_SECONDS : (answerTime ?? UNLIMITED_ANSWER_SECONDS);
  useEffect(() => {
    if (!phase) return;
    let before = 0;
    const stop = startStopwatch((elapsed) => {
      setPassed({ phase, seconds: elapsed });
      const said =
        phase === 'thinking'
          ? timeAnnouncement('thinking', total - before, total - elapsed, null)
          : phase === 'recording'
            ? timeAnnouncement('recording', before, elapsed, answerTime)
            : null;
      // A new phase's first second clears the last one's words, so the same words are said again when due.
      if (said || before === 0) setAnnouncement(said ?? '');
      before = elapsed;
      if (elapsed >= total) {
        stop();
        over.current(phase);
      }
    });
    return stop;
  }, [phase, total, answerTime]);

  const seconds = passed.phase === phase ? passed.seconds : 0;
  return {
    /** Seconds left while thinking or counting down; seconds recorded while recording. */
    seconds: phase === 'recording' ? seconds : Math.max(0, total - seconds),
    announcement,
  };
};
