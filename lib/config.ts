import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { DEFAULT_SUMMARY_MONTHLY_TOKEN_BUDGET } from '../lambdas/contracts/summaries';
import { DEFAULT_SUMMARY_MODEL_ID } from './functions';

/**
 * Everything that differs between stages, read once from CDK context (`-c key=value` or cdk.json)
 * so constructs never call `tryGetContext` themselves. Synth needs no AWS credentials and makes no
 * lookups: every value here is either given or defaulted.
 */
export interface StageConfig {
  /** Prefixes stack and resource names (`dev`, `prod`, `pr-42`...). */
  readonly stage: string;
  readonly isProduction: boolean;
  /** RETAIN in production (data outlives a mistaken `cdk destroy`), DESTROY elsewhere. */
  readonly removalPolicy: RemovalPolicy;
  readonly logRetention: RetentionDays;
  /** SES sender, an SES-verified identity (`no-reply@example.com` or `Name <no-reply@example.com>`). */
  readonly mailFrom: string;
  /** The SPA's public origin when known up front (custom domain); otherwise CloudFront's domain (the web stack's). */
  readonly appOrigin?: string;
  /** Custom domain for CloudFront; needs `certificateArn` (an ACM certificate in us-east-1). */
  readonly domainName?: string;
  readonly certificateArn?: string;
  /** Origins allowed to call the API cross-origin. Empty: same origin only (CloudFront serves /api). */
  readonly apiCorsOrigins: readonly string[];
  readonly apiThrottle: { readonly rateLimit: number; readonly burstLimit: number };
  /** Abort multipart uploads the browser never completed (a closed tab mid-recording). */
  readonly abortIncompleteUploadsAfter: Duration;
  /** Subscribed to the stage's alarm topic (it confirms the subscription from the e-mail SNS sends). */
  readonly alarmEmail?: string;
  /** The Bedrock foundation model answer summaries are written with (issue 41); the one model the summarising task may invoke. */
  readonly summaryModelId: string;
  /** Tokens (input plus output) a company may use for summaries in a month before they pause. */
  readonly summaryMonthlyTokenBudget: number;
}

export const DEFAULT_STAGE = 'dev';
export const DEFAULT_MAIL_FROM = 'no-reply@example.com';
/** Bedrock model ids: `provider.name-version:n`. */
const MODEL_ID_PATTERN = /^[a-z0-9-]+\.[a-z0-9.:_-]+$/;

/** Stage names end up in bucket, table and stack names: keep them short, lowercase and DNS-safe. */
const STAGE_PATTERN = /^[a-z][a-z0-9-]{0,15}$/;

type ContextReader = (key: string) => unknown;

const text = (read: ContextReader, key: string): string | undefined => {
  const value = read(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`Context "${key}" must be a string, got ${JSON.stringify(value)}`);
  return value.trim();
};

const positiveNumber = (read: ContextReader, key: string, fallback: number): number => {
  const value = read(key);
  if (value === undefined || value === null || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) throw new Error(`Context "${key}" must be a positive number, got ${JSON.stringify(value)}`);
  return parsed;
};

const list = (read: ContextReader, key: string): string[] => {
  const value = read(key);
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) return value.map(String);
  return String(value)
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
};

/** Builds the stage configuration from a context reader (the App's node, or a plain object in tests). */
export const stageConfigFromContext = (read: ContextReader): StageConfig => {
  const stage = text(read, 'stage') ?? DEFAULT_STAGE;
  if (!STAGE_PATTERN.test(stage)) throw new Error(`Context "stage" must match ${STAGE_PATTERN} (got "${stage}")`);
  const isProduction = stage === 'prod';

  const domainName = text(read, 'domainName');
  const certificateArn = text(read, 'certificateArn');
  if (Boolean(domainName) !== Boolean(certificateArn)) {
    throw new Error('Contexts "domainName" and "certificateArn" go together (an ACM certificate in us-east-1 for the domain)');
  }
  const appOrigin = (text(read, 'appOrigin') ?? (domainName ? `https://${domainName}` : undefined))?.replace(/\/$/, '');
  if (appOrigin && !/^https?:\/\/[^/]+$/.test(appOrigin))
    throw new Error(`Context "appOrigin" must be an origin like https://app.example.com (got "${appOrigin}")`);

  const alarmEmail = text(read, 'alarmEmail');
  if (alarmEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(alarmEmail))
    throw new Error(`Context "alarmEmail" must be an e-mail address (got "${alarmEmail}")`);

  const summaryModelId = text(read, 'summaryModelId') ?? DEFAULT_SUMMARY_MODEL_ID;
  if (!MODEL_ID_PATTERN.test(summaryModelId))
    throw new Error(`Context "summaryModelId" must be a Bedrock model id like ${DEFAULT_SUMMARY_MODEL_ID} (got "${summaryModelId}")`);

  return {
    stage,
    isProduction,
    removalPolicy: isProduction ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    logRetention: isProduction ? RetentionDays.THREE_MONTHS : RetentionDays.TWO_WEEKS,
    mailFrom: text(read, 'mailFrom') ?? DEFAULT_MAIL_FROM,
    appOrigin,
    domainName,
    certificateArn,
    apiCorsOrigins: list(read, 'apiCorsOrigins'),
    apiThrottle: {
      rateLimit: positiveNumber(read, 'apiRateLimit', 50),
      burstLimit: positiveNumber(read, 'apiBurstLimit', 100),
    },
    abortIncompleteUploadsAfter: Duration.days(1),
    alarmEmail,
    summaryModelId,
    summaryMonthlyTokenBudget: Math.round(positiveNumber(read, 'summaryMonthlyTokenBudget', DEFAULT_SUMMARY_MONTHLY_TOKEN_BUDGET)),
  };
};

export const stageConfigFromScope = (scope: Construct): StageConfig => stageConfigFromContext((key) => scope.node.tryGetContext(key));

/** `dev` + `api` → `dev-interviews-api`. */
export const stackName = (stage: string, part: 'data' | 'api' | 'web'): string => `${stage}-interviews-${part}`;

/**
 * The e-mail address inside a sender such as `Video Interviews <no-reply@example.com>`, and its
 * domain: SES authorizes sending against the verified identity, which is either.
 */
export const mailIdentities = (mailFrom: string): { address: string; domain: string } => {
  const address = (/<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom).trim();
  const at = address.lastIndexOf('@');
  if (at < 1 || at === address.length - 1) throw new Error(`mailFrom must contain an e-mail address (got "${mailFrom}")`);
  return { address, domain: address.slice(at + 1) };
};
