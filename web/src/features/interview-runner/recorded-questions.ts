/**
 * Which questions are recorded and how (issue 39): video and audio questions are recorded, and an
 * interview whose questions left to record all ask for audio only needs the microphone alone.
 */
interface QuestionAsked {
  answered: boolean;
  answer: { answerType: string };
}

export const isRecordedQuestion = (question: QuestionAsked) => question.answer.answerType === 'video' || question.answer.answerType === 'audio';
export const isAudioQuestion = (question: QuestionAsked) => question.answer.answerType === 'audio';

/** The questions still to record. */
export const questionsToRecord = <Q extends QuestionAsked>(questions: readonly Q[]) => questions.filter((q) => !q.answered && isRecordedQuestion(q));

/** Every question left to record asks for audio only (and there is one): the device check is the microphone's. */
export const recordsAudioOnly = (questions: readonly QuestionAsked[]) => {
  const left = questionsToRecord(questions);
  return left.length > 0 && left.every(isAudioQuestion);
};
