import * as operations from '../../operations/erasure';
import { dataDeletionCompany } from '../../app/data-deletion/company';
import { defineHandler } from '../../platform/http';

/** The company a "Delete my data" page is about: its name, for the page to say. */
export const handler = defineHandler(operations.getDataDeletionCompany, async ({ params }) => dataDeletionCompany(params.companyId));
