/** A problem the developer can fix; printed as one line, without a stack. */
export class LocalStackError extends Error {
  override name = 'LocalStackError';
}
