import * as operations from '../../operations/system';
import { defineHandler } from '../../platform/http';
import { buildOpenApiDocument } from './openapi';

let document: ReturnType<typeof buildOpenApiDocument> | undefined;

export const handler = defineHandler(operations.getOpenApi, async () => {
  document ??= buildOpenApiDocument();
  return document;
});
