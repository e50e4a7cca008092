import type { getApplyLink, getInterview, startAnswer, submitTypedAnswer } from '../../../../lambdas/operations/interviews';
import type { TimingRequestChoice } from '../../../../lambdas/contracts/timing';
import type * as z from 'zod/mini';
import { callApi, type ApiBody } from '../../api/client';
import type { PartUrlSource, UploadedPart } from './multipart-upload';

export type Interview = z.infer<typeof getInterview.response>;
export type ApplyPage = z.infer<typeof getApplyLink.response>;
export type StartedAnswer = z.infer<typeof startAnswer.response>;
export type TypedAnswerResult = z.infer<typeof submitTypedAnswer.response>;
/** The candidate's timing (issue 25): adjusted or not, whether they may still ask, how, and their pending request. */
export type InterviewTiming = Interview['timing'];

/** The content type goes as given (a picked file's type may be any): the server refuses an unsupported one with its message. */
/** `replacesAnswerId`: a live take that was lost, which the new take replaces without counting as a retake. */
export const startAnswerCall = (token: string, questionIndex: number, contentType: string, replacesAnswerId?: string) =>
  callApi('startAnswer', {
    params: { token },
    body: { questionIndex, contentType: contentType as ApiBody<'startAnswer'>['contentType'], ...(replacesAnswerId ? { replacesAnswerId } : {}) },
  });

export const partUrlSource = (token: string, answerId: string): PartUrlSource => ({
  partUrls: async (partNumbers) => (await callApi('getAnswerPartUrls', { params: { token, answerId }, body: { partNumbers } })).parts,
});

export const submitAnswerCall = (token: string, answerId: string, parts: UploadedPart[]) =>
  callApi('submitAnswer', { params: { token, answerId }, body: { parts } });

/** A live take (issue 30): a recording of the answer just started, its offer/answer exchange, its stop and its submission. */
export const createRecordingCall = (token: string, answerId: string) => callApi('createAnswerRecording', { params: { token }, body: { answerId } });

export const startRecordingCall = async (token: string, recordingId: string, offer: string) =>
  (await callApi('startAnswerRecording', { params: { token, recordingId }, body: { offer } })).answer;

export const stopRecordingCall = (token: string, recordingId: string) => callApi('stopAnswerRecording', { params: { token, recordingId } });

export const submitLiveAnswerCall = (token: string, answerId: string, recordingId: string) =>
  callApi('submitAnswer', { params: { token, answerId }, body: { recordingId } });

export const applyCall = (linkId: string, candidateName: string, email: string) =>
  callApi('applyThroughLink', { params: { linkId }, body: { candidateName, email } });

/** Issue 25: the candidate asks for no time limit or double time, before their first question (applied at once where the position lets them choose). */
export const requestTimingCall = (token: string, choice: TimingRequestChoice) =>
  callApi('requestInterviewTiming', { params: { token }, body: { choice } });

/** "Delete my data" (issue 28): the request (the same answer whatever the company holds) and the mailed link's confirmation. */
export const requestDataDeletionCall = (companyId: string, email: string) => callApi('requestDataDeletion', { body: { companyId, email } });

export const confirmDataDeletionCall = (nonce: string) => callApi('confirmDataDeletion', { body: { nonce } });

/** Issue 39: a file answer's presigned PUT (for its exact size), and its submission once the file is up (the server reads its type from its bytes). */
export const startFileAnswerCall = (token: string, questionIndex: number, fileName: string, size: number) =>
  callApi('startFileAnswer', { params: { token, questionIndex }, body: { fileName, size } });

export const submitFileAnswerCall = (token: string, answerId: string) => callApi('submitAnswer', { params: { token, answerId }, body: { uploaded: 'file' } });

/** Issue 39: a text answer's draft, saved while typed; a typed answer (a text, or the options picked) submitted. */
export const saveDraftCall = (token: string, questionIndex: number, text: string) =>
  callApi('saveAnswerDraft', { params: { token, questionIndex }, body: { text } });

export const submitTypedAnswerCall = (token: string, questionIndex: number, body: { text: string } | { optionIds: string[] }) =>
  callApi('submitTypedAnswer', { params: { token, questionIndex }, body });
