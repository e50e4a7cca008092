import * as operations from '../../operations/erasure';
import { requestDataDeletion } from '../../app/data-deletion/request';
import { defineHandler } from '../../platform/http';

/** "Delete my data": the same 202 whatever the company holds; a confirmation link to the address when it is a candidate there. */
export const handler = defineHandler(operations.requestDataDeletion, async ({ body, log }) => requestDataDeletion(body.companyId, body.email, log));
