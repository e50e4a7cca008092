/** The candidate side's texts; the recorder and upload errors are spec §8's, word for word. */
export const messages = {
  recordMedia: 'Unable to record media.',
  oldSafari: 'Unable to record media on this version of Safari.',
  unsupportedFormat: 'Unable to record a supported video format.',
  permissionDenied:
    'Camera or microphone access was denied. Allow this site to use your camera and microphone in your browser’s settings (the camera icon in the address bar), then reload the page. If it still does not work, please contact support.',
  connectRecorder: 'Unable to connect to recorder',
  startRecording: 'Unable to start recording',
  mustBeVideo: 'Must upload a video file',
  /** An audio-only question (issue 39) answered with a file where the browser cannot record. */
  mustBeAudio: 'Must upload an audio file',
  emptyFile: 'Empty file encountered',
  uploadFailure: 'Upload failure',
  /** Submit pressed while the take is still being sent (the button is aria-disabled, so it stays focusable and is said why). */
  uploadNotFinished: 'Wait for the upload to finish, then submit your answer.',
  recordVideo: 'Unable to record video',
  saveVideo: 'Unable to save video',
  connecting: 'Connecting…',
  reconnecting: 'Reconnecting…',
  liveLost: 'The connection to the recorder was lost, so this take could not be recorded. Please record your answer again.',
  deviceLost: 'Your camera or microphone was disconnected. Choose another one to go on; your answers already sent are kept.',
  timingRequestFailed: 'Unable to send your choice. Please check your connection and try again.',
  timingRequestSent: 'Your request has been sent. You can wait for an answer by e-mail or start now with the current timing.',
  loadFailed: 'Unable to load your interview. Please check your connection and reload the page.',
  /** A typed answer (issue 39): the draft could not be saved (the text stays on the page), or the answer could not be sent. */
  draftNotSaved: 'Draft not saved: check your connection. Your text stays here.',
  answerNotSaved: 'Unable to save your answer. Please check your connection and try again.',
} as const;
