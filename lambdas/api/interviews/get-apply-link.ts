import * as operations from '../../operations/interviews';
import { applyLinkPage } from '../../app/recording/apply';
import { defineHandler } from '../../platform/http';

/** The public apply page: the company's branding, the position's title, and whether it takes applications. */
export const handler = defineHandler(operations.getApplyLink, async ({ params }) => applyLinkPage(params.linkId));
