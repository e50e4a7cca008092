import * as operations from '../../operations/erasure';
import { confirmDataDeletion } from '../../app/data-deletion/confirm';
import { defineHandler } from '../../platform/http';

/** The mailed link confirmed: everything of that address in that company is deleted, and the receipt returned. */
export const handler = defineHandler(operations.confirmDataDeletion, async ({ body, log }) => confirmDataDeletion(body.nonce, log));
