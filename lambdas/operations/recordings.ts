import * as z from 'zod/mini';
import { idSchema } from '../contracts/common';
import { groupIdSchema } from '../contracts/media';
import { interviewTokenSchema } from '../contracts/interview';
import { LIVE_RECORDING_STATUSES } from '../contracts/live-recording';
import { sdpSchema } from '../contracts/live-recording-schemas';
import { defineOperation } from './operation';

/**
 * Live recording (spec §3, §7 "Live recording"; issue 30): where the browser cannot record, the
 * candidate streams the take to a live-recording service (an Amazon IVS real-time stage) that records
 * it into the media bucket. The interview token authorizes exactly the candidate's own takes.
 */
const liveResponse = z.object({
  recordingId: z.string(),
  spaceToken: z.string(),
  videoId: z.string(),
  videoGroupId: z.string(),
  maxSeconds: z.int(),
});
const recordingParams = z.object({ token: interviewTokenSchema, recordingId: idSchema });

export const createAnswerRecording = defineOperation({
  method: 'POST',
  path: '/interviews/{token}/user-recordings',
  auth: 'public',
  grants: ['table:write', 'live:record'],
  summary:
    'Opens a live recording of a take already started (startAnswer): a stage that records only this take, and a publish-only space token for it, valid for minutes. One live recording per take.',
  params: z.object({ token: interviewTokenSchema }),
  body: z.object({ answerId: idSchema }),
  response: liveResponse,
  successStatus: 201,
});

export const startAnswerRecording = defineOperation({
  method: 'PUT',
  path: '/interviews/{token}/recordings/{recordingId}/start',
  auth: 'public',
  grants: ['table:write', 'live:record'],
  timeoutSeconds: 20,
  summary:
    "Starts (or, after a dropped connection, resumes) publishing a take: the browser's WebRTC offer goes to the live-recording service over WHIP and its answer comes back.",
  params: recordingParams,
  body: z.object({ offer: sdpSchema }),
  response: z.object({ answer: z.string(), maxSeconds: z.int() }),
});

export const stopAnswerRecording = defineOperation({
  method: 'PUT',
  path: '/interviews/{token}/recordings/{recordingId}/stop',
  auth: 'public',
  grants: ['table:write', 'media:read', 'media:write', 'media:delete', 'workflow:start', 'live:record'],
  timeoutSeconds: 29,
  summary:
    'Stops a live take: ends its stream and waits a few seconds for the recording to be written (the Recording End event finishes it otherwise). Safe to repeat.',
  params: recordingParams,
  response: z.object({ status: z.enum(LIVE_RECORDING_STATUSES), seconds: z.nullable(z.number()) }),
});

/** The team's videos (intro, question, outro) recorded live where the browser cannot record: the session authorizes its own recordings. */
export const createUserRecording = defineOperation({
  method: 'POST',
  path: '/user-recordings',
  auth: 'session',
  grants: ['table:write', 'media:write', 'live:record'],
  summary:
    'Opens a live recording of a team video: a new media item of the group (its videoId) and a stage that records only it, with a publish-only space token valid for minutes. Processed once recorded, as an upload.',
  body: z.object({ mediaGroupId: groupIdSchema, companyId: idSchema }),
  response: liveResponse,
  successStatus: 201,
});

export const startUserRecording = defineOperation({
  method: 'PUT',
  path: '/recordings/{recordingId}/start',
  auth: 'session',
  grants: ['table:write', 'live:record'],
  timeoutSeconds: 20,
  summary: "Starts (or resumes) publishing the caller's live recording: the WebRTC offer goes over WHIP and its answer comes back.",
  params: z.object({ recordingId: idSchema }),
  body: z.object({ offer: sdpSchema }),
  response: z.object({ answer: z.string(), maxSeconds: z.int() }),
});

export const stopUserRecording = defineOperation({
  method: 'PUT',
  path: '/recordings/{recordingId}/stop',
  auth: 'session',
  grants: ['table:write', 'media:read', 'media:write', 'media:delete', 'workflow:start', 'live:record'],
  timeoutSeconds: 29,
  summary: "Stops the caller's live recording and waits a few seconds for it to be written; its processing starts once it is. Safe to repeat.",
  params: z.object({ recordingId: idSchema }),
  response: z.object({ status: z.enum(LIVE_RECORDING_STATUSES), seconds: z.nullable(z.number()) }),
});
