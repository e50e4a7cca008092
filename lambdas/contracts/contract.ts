import * as z from 'zod/mini';
// zod's English messages, wherever a contract is loaded (every contract imports this module).
import './zod-locale';

/**
 * A route's contract: the zod schemas of its path parameters, query, body and response, in
 * camelCase (the handler chain converts the wire's snake_case). The handler validates with these
 * and the OpenAPI document is generated from them, so the two cannot disagree.
 */
export interface Contract<
  P extends z.ZodMiniType = z.ZodMiniType,
  Q extends z.ZodMiniType = z.ZodMiniType,
  B extends z.ZodMiniType = z.ZodMiniType,
  R extends z.ZodMiniType = z.ZodMiniType,
> {
  readonly summary: string;
  readonly params?: P;
  readonly query?: Q;
  readonly body?: B;
  readonly response: R;
  /** Status of a successful response (200 unless the route creates something). */
  readonly successStatus?: number;
  /** The response is a document in its own format (OpenAPI): sent as is, keys not converted. */
  readonly verbatimResponse?: boolean;
}

export const defineContract = <P extends z.ZodMiniType, Q extends z.ZodMiniType, B extends z.ZodMiniType, R extends z.ZodMiniType>(
  contract: Contract<P, Q, B, R>,
): Contract<P, Q, B, R> => contract;

/** The error model of every route: `{detail, code}`; validation failures carry a list in `detail`. */
export const validationIssueSchema = z.object({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
});
export const errorResponseSchema = z.object({
  detail: z.union([z.string(), z.array(validationIssueSchema)]),
  code: z.string(),
});
export type ValidationIssue = z.infer<typeof validationIssueSchema>;
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
