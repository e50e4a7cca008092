import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compileErrors, validate } from '@readme/openapi-parser';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';

/**
 * Two independent checks of an OpenAPI document, shared by the api test (on the served document)
 * and the unit test that proves they catch a path parameter disagreeing with its template.
 */

export interface OpenApiValidation {
  errors: string[];
  warnings: string[];
  /** The validator's own human-readable report (errors, or warnings when valid). */
  report: string;
}

/** `@readme/openapi-parser`: the OpenAPI 3.1 schema plus its rules (path parameters, operation ids…). */
export const validateOpenApi = async (document: unknown): Promise<OpenApiValidation> => {
  // validate() dereferences in place; it works on a copy.
  const result = await validate(structuredClone(document) as Parameters<typeof validate>[0]);
  const errors = result.valid ? [] : result.errors.map((error) => error.message);
  if (!result.valid && result.additionalErrors > 0) errors.push(`…and ${result.additionalErrors} more errors`);
  return {
    errors,
    warnings: result.warnings.map((warning) => warning.message),
    report: result.valid && result.warnings.length === 0 ? '' : compileErrors(result),
  };
};

/**
 * Calls typed with the types openapi-typescript generates from the document: a path with an id
 * (the parameter's key is the template's name), a snake_case request body and the error model.
 * Each `@ts-expect-error` marks a wrong usage, so the check fails if the types were `any`.
 */
export const typedCallsSource = `import type { paths } from './api';

// The one piece of fetch these calls use (the DOM's lib is large and slow to load).
declare function fetch(
  url: string,
  init?: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; json(): Promise<unknown> }>;

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;

// (a) A path with an id: GET /api/v1/positions/{positionId}
type GetPosition = paths['/api/v1/positions/{positionId}']['get'];
type PositionPath = GetPosition['parameters']['path'];
const positionKey: keyof PositionPath = 'positionId';
const positionPath: PositionPath = { positionId: 'pos_1' };
// @ts-expect-error the path parameter is named as in the template, not in snake_case
const snakePositionPath: PositionPath = { position_id: 'pos_1' };

export const getPosition = async (session: string, params: PositionPath): Promise<Json<GetPosition['responses'][200]>> => {
  const response = await fetch(\`/api/v1/positions/\${params.positionId}\`, { headers: { 'x-session-id': session } });
  return (await response.json()) as Json<GetPosition['responses'][200]>;
};
export const readTitle = async (session: string): Promise<string> => (await getPosition(session, positionPath)).job_title;

// (b) A request body: POST /api/v1/companies/{companyId}/positions
type CreatePosition = paths['/api/v1/companies/{companyId}/positions']['post'];
type CreatePositionBody = CreatePosition['requestBody']['content']['application/json'];
const companyPath: CreatePosition['parameters']['path'] = { companyId: 'com_1' };
const createBody: CreatePositionBody = {
  job_title: 'Backend engineer',
  interview: {
    questions: [{ title: 'Tell us about yourself', video_group_id: null }],
    pacing: { thinking_time: 30, answer_time: 120, retakes: null },
  },
};
// @ts-expect-error bodies are snake_case on the wire
const camelBody: CreatePositionBody = { jobTitle: 'Backend engineer', interview: createBody.interview };

export const createPosition = async (session: string): Promise<string> => {
  const response = await fetch(\`/api/v1/companies/\${companyPath.companyId}/positions\`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-session-id': session },
    body: JSON.stringify(createBody),
  });
  const created = (await response.json()) as Json<CreatePosition['responses'][201]>;
  return created.position_id;
};

// (c) An error response: 400 is {detail, code}, detail a message or a list of {loc, msg, type}
type BadRequest = Json<CreatePosition['responses'][400]>;
const validationFailure: BadRequest = {
  detail: [{ loc: ['body', 'job_title'], msg: 'Enter a position name.', type: 'too_small' }],
  code: 'validation_error',
};
const plainFailure: BadRequest = { detail: 'Not found.', code: 'not_found' };
// @ts-expect-error an error always carries its code
const codeless: BadRequest = { detail: 'Not found.' };

export const used = [positionKey, snakePositionPath, camelBody, validationFailure, plainFailure, codeless];
`;

export interface TypedCallsCheck {
  /** The generated declarations (for the test's output when something fails). */
  declarations: string;
  /** The compiler's diagnostics, formatted; empty when the calls type-check. */
  diagnostics: string[];
}

/** Generates `paths` with openapi-typescript and compiles `typedCallsSource` against it, strictly. */
export const typeCheckCalls = async (document: unknown, source = typedCallsSource): Promise<TypedCallsCheck> => {
  const nodes = await openapiTS(structuredClone(document) as Parameters<typeof openapiTS>[0], { silent: true });
  const declarations = astToString(nodes);
  const dir = await mkdtemp(path.join(tmpdir(), 'openapi-types-'));
  try {
    await writeFile(path.join(dir, 'api.d.ts'), declarations);
    await writeFile(path.join(dir, 'calls.ts'), source);
    const program = ts.createProgram([path.join(dir, 'calls.ts')], {
      strict: true,
      noEmit: true,
      noUnusedLocals: true,
      exactOptionalPropertyTypes: true,
      skipLibCheck: false,
      // The generated declarations are checked; TypeScript's own lib files are not (they dominate the time).
      skipDefaultLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts'],
      types: [],
    });
    const diagnostics = ts.getPreEmitDiagnostics(program).map((diagnostic) => {
      const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
      if (!diagnostic.file || diagnostic.start === undefined) return message;
      const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
      return `${path.basename(diagnostic.file.fileName)}:${line + 1}: ${message}`;
    });
    return { declarations, diagnostics };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};
