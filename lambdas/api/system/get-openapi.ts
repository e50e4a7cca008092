import { getOpenApi } from '../../contracts/system';
import { routes } from '../../routes';
import { apiHandler } from '../../shared/http';
import { buildOpenApiDocument } from './openapi';

let document: ReturnType<typeof buildOpenApiDocument> | undefined;

export const handler = apiHandler(routes.getOpenApi, getOpenApi, async () => {
  document ??= buildOpenApiDocument();
  return document;
});
