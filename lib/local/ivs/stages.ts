import { randomBytes } from 'node:crypto';
import type { ParticipantRecording } from './recording';
import type { WhipSession } from './whip-session';

/** What the IVS stand-in keeps in memory: stages, their participants, and the open WHIP sessions (./server.ts). */

export interface RecordingConfiguration {
  storageConfigurationArn: string;
  mediaTypes: string[];
  recordingReconnectWindowSeconds: number;
  [key: string]: unknown;
}

export interface Participant {
  id: string;
  userId?: string;
  attributes: Record<string, string>;
  capabilities: string[];
  revoked: boolean;
  whip?: WhipSession;
  recording?: ParticipantRecording;
}

export interface Stage {
  arn: string;
  id: string;
  name: string;
  tags: Record<string, string>;
  recording?: RecordingConfiguration;
  session?: string;
  participants: Map<string, Participant>;
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const randomId = (length: number) => Array.from(randomBytes(length), (byte) => ALNUM[byte % ALNUM.length]).join('');

/** The stages, the WHIP sessions by id, and the background work (recordings ending) `idle()` waits for. */
export const createStageRegistry = () => {
  const stages = new Map<string, Stage>();
  const sessions = new Map<string, { session: WhipSession; stage: Stage; participant: Participant }>();

  const busy = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    const settled = work.catch(() => undefined);
    busy.add(settled);
    void settled.finally(() => busy.delete(settled));
  };

  /** A stage's session ends once none of its participants is recording. */
  const endSessionIfIdle = (stage: Stage) => {
    if (![...stage.participants.values()].some((other) => other.recording)) stage.session = undefined;
  };

  /** Ends a participant's publishing: the WHIP session is closed (its part flushed) and the recording ends. */
  const endPublishing = async (stage: Stage, participant: Participant): Promise<void> => {
    const session = participant.whip;
    participant.whip = undefined;
    if (session) {
      sessions.delete(session.id);
      await session.close();
    }
    const recording = participant.recording;
    participant.recording = undefined;
    if (recording) await recording.end();
    endSessionIfIdle(stage);
  };

  return {
    stages,
    sessions,
    track,
    endPublishing,
    endSessionIfIdle,
    idle: async () => {
      while (busy.size > 0) await Promise.all([...busy]);
    },
  };
};

export type StageRegistry = ReturnType<typeof createStageRegistry>;
