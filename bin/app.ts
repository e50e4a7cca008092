/**
 * The CDK app: `npm run synth` (offline, no credentials, no lookups) or
 * `npm run deploy -- -c stage=prod -c mailFrom=no-reply@yourdomain.com`.
 *
 * Context: stage (default `dev`, cdk.json), mailFrom, appOrigin, domainName + certificateArn,
 * apiCorsOrigins, apiRateLimit, apiBurstLimit (see lib/config.ts).
 * cdk-nag's AwsSolutions pack runs on every synth and fails it on any unacknowledged finding.
 */
import { App } from 'aws-cdk-lib';
import { buildInterviewsApp, environmentFromProcess, FEATURE_FLAGS } from '../lib/app';
import { stageConfigFromScope } from '../lib/config';
import { addNagChecks } from '../lib/nag';

const app = new App({ context: FEATURE_FLAGS });
const config = stageConfigFromScope(app);
buildInterviewsApp(app, config, { env: environmentFromProcess() });
addNagChecks(app);
app.synth();
