import * as operations from '../../operations/recordings';
import { openUserRecording } from '../../app/recording/live';
import { defineHandler } from '../../platform/http';

/** A live recording of a team video: a new media item of the group, its own stage and a publish-only token. */
export const handler = defineHandler(operations.createUserRecording, async ({ body, session, log }) =>
  openUserRecording(session.userId, body.companyId, body.mediaGroupId, log),
);
