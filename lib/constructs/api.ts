import { Duration, NestedStack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  CfnStage,
  CorsHttpMethod,
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
  type IHttpApi,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { API_PREFIX, routeEntries, type AuthMode, type Route } from '../../lambdas/operations/index';
import type { StageConfig } from '../config';
import { acknowledge } from '../nag';
import type { DataResourceRefs } from './data';
import { routeFunction } from '../functions';
import { bindGrants, type GrantTargets } from './grants';
import { AppFunction } from './lambda-function';
import { chunkRoutes, DEFAULT_MAX_ROUTES_PER_CHUNK, type RouteChunk } from './route-chunks';
import { SESSION_HEADER } from '../../lambdas/contracts/vocabulary';

export interface ApiRoute {
  readonly operationId: string;
  readonly path: string;
  readonly route: Route;
}

export interface ApiProps {
  readonly config: StageConfig;
  readonly data: DataResourceRefs;
  /** The HTTP API (the web stack's: see createHttpApi); this construct gives it its stage and routes. */
  readonly httpApi: IHttpApi;
  /** The SPA's origin (grant app:links). */
  readonly appOrigin: string;
  readonly stateMachineArn: string;
  /** The IVS storage configuration (grant live:record). */
  readonly liveStorageConfigurationArn?: string;
  /** Defaults to the route table (lambdas/operations); tests may pass another list. */
  readonly routes?: readonly (readonly [string, Route])[];
  readonly maxRoutesPerChunk?: number;
}

const AUTHORIZATION_REASONS: Record<AuthMode, string> = {
  public:
    'Public by design (sign-in, sign-up, public candidate pages, health): no caller identity exists yet. Inputs are validated with zod and the stage is throttled.',
  session: `Authorized in the Lambda handler: the ${SESSION_HEADER} session (hashed, expiring, revocable) is looked up in DynamoDB and the company/position access checked (lambdas/platform/http.ts). API Gateway authorizers cannot see those rules.`,
  owner: `Authorized in the Lambda handler: a valid ${SESSION_HEADER} session whose user owns the company in the path (lambdas/platform/http.ts). API Gateway authorizers cannot see ownership.`,
};

/** HTTP API access log line: the HTTP API ($context) variables, one JSON object per request. */
const ACCESS_LOG_FORMAT = AccessLogFormat.custom(
  JSON.stringify({
    requestId: '$context.requestId',
    requestTime: '$context.requestTime',
    ip: '$context.identity.sourceIp',
    userAgent: '$context.identity.userAgent',
    method: '$context.httpMethod',
    path: '$context.path',
    routeKey: '$context.routeKey',
    status: '$context.status',
    protocol: '$context.protocol',
    responseLength: '$context.responseLength',
    latencyMs: '$context.responseLatency',
    integrationLatencyMs: '$context.integrationLatency',
    integrationError: '$context.integrationErrorMessage',
  }),
);

export interface RouteChunkStackProps {
  readonly config: StageConfig;
  readonly httpApi: IHttpApi;
  readonly chunk: RouteChunk<ApiRoute>;
  readonly targets: GrantTargets;
}

/**
 * One nested stack per route chunk (see route-chunks.ts for why and how routes are grouped):
 * each route's function, its grants, the API route, integration and invoke permission.
 */
export class RouteChunkStack extends NestedStack {
  readonly chunk: RouteChunk<ApiRoute>;
  readonly functions: ReadonlyMap<string, AppFunction>;
  readonly routes: ReadonlyMap<string, HttpRoute>;

  constructor(scope: Construct, id: string, props: RouteChunkStackProps) {
    super(scope, id, { description: `Video interviews API routes under ${API_PREFIX}/${props.chunk.area} (${props.config.stage})` });
    this.chunk = props.chunk;
    const functions = new Map<string, AppFunction>();
    const routes = new Map<string, HttpRoute>();
    for (const { operationId, route } of props.chunk.routes) {
      const definition = routeFunction(operationId, route);
      const fn = new AppFunction(this, operationId, { config: props.config, ...definition });
      bindGrants(fn, definition.grants, props.targets);

      const httpRoute = new HttpRoute(this, `${operationId}Route`, {
        httpApi: props.httpApi,
        routeKey: HttpRouteKey.with(`${API_PREFIX}${route.path}`, HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`${operationId}Integration`, fn),
      });
      acknowledge(httpRoute, 'AwsSolutions-APIG4', AUTHORIZATION_REASONS[route.auth]);
      functions.set(operationId, fn);
      routes.set(operationId, httpRoute);
    }
    this.functions = functions;
    this.routes = routes;
  }
}

/**
 * The HTTP API itself, without stage or routes. The web stack creates it, so the order is one way:
 * the API, then CloudFront in front of it, then the route functions, which get the site's origin
 * (CloudFront's domain) as a plain environment variable (lib/app.ts).
 */
export const createHttpApi = (scope: Construct, id: string, config: StageConfig): HttpApi =>
  new HttpApi(scope, id, {
    apiName: `${config.stage}-interviews`,
    description: `Video interviews API (${config.stage}); served to browsers through CloudFront at ${API_PREFIX}`,
    createDefaultStage: false,
    // CloudFront serves the SPA and /api from one origin, so browsers need no CORS; other origins
    // (a local SPA against a deployed API, say) can be allowed with -c apiCorsOrigins=...
    corsPreflight:
      config.apiCorsOrigins.length > 0
        ? {
            allowOrigins: [...config.apiCorsOrigins],
            allowMethods: [CorsHttpMethod.GET, CorsHttpMethod.POST, CorsHttpMethod.PUT, CorsHttpMethod.DELETE],
            allowHeaders: ['content-type', SESSION_HEADER.toLowerCase()],
            maxAge: Duration.hours(1),
          }
        : undefined,
  });

/**
 * The HTTP API's stage and routes (API Gateway v2): one Lambda per route of lambdas/operations,
 * payload format 2.0, the `$default` stage auto-deployed with throttling and JSON access logs. Route
 * resources live in nested stacks, chunked by path area; this parent holds only the stage and its log group.
 */
export class Api extends Construct {
  readonly httpApi: IHttpApi;
  readonly stage: HttpStage;
  readonly chunkStacks: readonly RouteChunkStack[];

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const { config } = props;
    this.httpApi = props.httpApi;

    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: config.logRetention, removalPolicy: config.removalPolicy });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: config.apiThrottle.rateLimit, burstLimit: config.apiThrottle.burstLimit },
      accessLogSettings: { destination: new LogGroupLogDestination(accessLogs), format: ACCESS_LOG_FORMAT },
    });

    const apiRoutes: ApiRoute[] = (props.routes ?? routeEntries).map(([operationId, route]) => ({ operationId, path: route.path, route }));
    const chunks = chunkRoutes(apiRoutes, props.maxRoutesPerChunk ?? DEFAULT_MAX_ROUTES_PER_CHUNK);
    const targets: GrantTargets = {
      config,
      data: props.data,
      appOrigin: props.appOrigin,
      stateMachineArn: props.stateMachineArn,
      liveStorageConfigurationArn: props.liveStorageConfigurationArn,
    };
    this.chunkStacks = chunks.map((chunk) => new RouteChunkStack(this, `Routes-${chunk.id}`, { config, httpApi: this.httpApi, chunk, targets }));
  }

  /**
   * Turns on API Gateway's route-level ("detailed") metrics for one route and returns the dimensions
   * they are published under. Only for the routes an alarm watches: detailed metrics are billed as
   * custom metrics for every route they cover. The stage names the route by its key, which must
   * exist when the stage is updated, so the stage waits for the nested stack holding the route.
   */
  enableRouteMetrics(operationId: string): Record<string, string> | undefined {
    const chunkStack = this.chunkStacks.find((chunk) => chunk.routes.has(operationId));
    const route = chunkStack?.chunk.routes.find((entry) => entry.operationId === operationId)?.route;
    if (!chunkStack || !route) return undefined;
    const resource = `${API_PREFIX}${route.path}`;
    const stage = this.stage.node.defaultChild as CfnStage;
    stage.routeSettings = { ...(stage.routeSettings as object | undefined), [`${route.method} ${resource}`]: { DetailedMetricsEnabled: true } };
    stage.node.addDependency(chunkStack);
    return { ApiId: this.httpApi.apiId, Stage: this.stage.stageName, Method: route.method, Resource: resource };
  }

  /** Every route function, by operation id. */
  get functions(): ReadonlyMap<string, AppFunction> {
    return new Map(this.chunkStacks.flatMap((chunk) => [...chunk.functions]));
  }
}
