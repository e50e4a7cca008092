import { ConditionalCheckFailedException, ProvisionedThroughputExceededException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { ExecutionAlreadyExists } from '@aws-sdk/client-sfn';
import { describe, expect, it } from 'vitest';
import { isTransientServiceError } from '../../lambdas/platform/http';

/** Issue 37: which errors a request answers 503 (send it again) for, rather than 500. */
describe('a transient service error', () => {
  const metadata = (httpStatusCode: number) => ({ $metadata: { httpStatusCode } });

  it('is throttling or the service failing, as the SDK reports them after its retries', () => {
    const throttled = new ProvisionedThroughputExceededException({ message: 'Rate exceeded', ...metadata(400) });
    Object.assign(throttled, { $retryable: { throttling: true } });
    expect(isTransientServiceError(throttled)).toBe(true);
    expect(isTransientServiceError(Object.assign(new Error('InternalServerError'), { $fault: 'server', ...metadata(500) }))).toBe(true);
    expect(isTransientServiceError(Object.assign(new Error('SlowDown'), { $fault: 'client', ...metadata(503) }))).toBe(true);
    expect(isTransientServiceError(Object.assign(new Error('Throttling'), { $fault: 'client', ...metadata(429) }))).toBe(true);
    // A throttle the client has no model for (Step Functions' ThrottlingException, a 400), named as the SDK's retry names it.
    const unmodeled = Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException', $fault: 'client', ...metadata(400) });
    expect(isTransientServiceError(unmodeled)).toBe(true);
  });

  it('is not a refusal of the request itself, nor a plain error', () => {
    expect(isTransientServiceError(new ConditionalCheckFailedException({ message: 'The conditional request failed', ...metadata(400) }))).toBe(false);
    expect(isTransientServiceError(new TransactionCanceledException({ message: 'Transaction cancelled', ...metadata(400) }))).toBe(false);
    expect(isTransientServiceError(new ExecutionAlreadyExists({ message: 'Execution already exists', ...metadata(400) }))).toBe(false);
    expect(isTransientServiceError(new Error('boom'))).toBe(false);
    expect(isTransientServiceError(undefined)).toBe(false);
  });
});
