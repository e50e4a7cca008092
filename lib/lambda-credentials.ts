import { fromEnv } from '@aws-sdk/credential-provider-env';
import { fromHttp } from '@aws-sdk/credential-provider-http';
import type { DefaultProviderInit } from '@aws-sdk/credential-provider-node';
import { chain, CredentialsProviderError, memoize } from '@smithy/core/config';
import type { AwsCredentialIdentity, AwsCredentialIdentityProvider } from '@smithy/types';

/**
 * The AWS credentials of a Lambda bundle. lib/lambda-bundling.ts substitutes this module for
 * `@aws-sdk/credential-provider-node` (the SDK's default chain) when it bundles a function, so
 * every SDK client a handler creates without explicit credentials gets them here.
 *
 * Lambda hands a function its role's credentials in AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and
 * AWS_SESSION_TOKEN, and the local stack gives its stand-ins' keys the same way; the default chain
 * finds them there too, first. What it would try after (SSO, shared INI files, credential_process,
 * web identity through STS, the EC2 instance metadata service) cannot apply in Lambda, yet bundles
 * their nested SSO/STS clients and XML/query protocols into every function: about a quarter of a
 * function's code. Kept: the container credentials endpoint (AWS_CONTAINER_CREDENTIALS_FULL_URI or
 * _RELATIVE_URI), the chain's next link where a runtime serves credentials that way.
 *
 * Like the default chain, the result is memoized (the SDK does not memoize a default provider
 * again) and fetched anew within five minutes of its expiry; environment credentials have none.
 * Tests and scripts run in Node import the real default chain: only bundles use this.
 */

/** Credentials that carry an expiry are fetched again, as the default chain does. */
export const credentialsWillNeedRefresh = (credentials: AwsCredentialIdentity): boolean => credentials.expiration !== undefined;

/** Within five minutes of its expiry a credential is treated as expired (the default chain's margin). */
export const credentialsTreatedAsExpired = (credentials: AwsCredentialIdentity): boolean =>
  credentials.expiration !== undefined && credentials.expiration.getTime() - Date.now() < 300_000;

export const defaultProvider = (init: DefaultProviderInit = {}): AwsCredentialIdentityProvider =>
  memoize(
    chain<AwsCredentialIdentity>(
      fromEnv(init),
      // fromHttp refuses at creation when neither container variable is set, so it is made per attempt.
      async () => fromHttp(init)(),
      async () => {
        throw new CredentialsProviderError(
          'No AWS credentials: a Lambda bundle reads them from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (with AWS_SESSION_TOKEN), or from the container credentials endpoint (lib/lambda-credentials.ts).',
          { logger: init.logger, tryNextLink: false },
        );
      },
    ),
    credentialsTreatedAsExpired,
    credentialsWillNeedRefresh,
  );
