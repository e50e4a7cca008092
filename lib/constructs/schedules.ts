import { Duration } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Construct } from 'constructs';
import { scheduleEntries, type ScheduleDefinition } from '../../lambdas/schedules';
import type { StageConfig } from '../config';
import type { DataResourceRefs } from './data';
import { scheduleFunction } from '../functions';
import { bindGrants } from './grants';
import { AppFunction } from './lambda-function';

export interface SchedulesProps {
  readonly config: StageConfig;
  readonly data: DataResourceRefs;
  /** The SPA's origin, for the links functions write (grant app:links). */
  readonly appOrigin: string;
  readonly stateMachineArn: string;
  /** Defaults to lambdas/schedules.ts. */
  readonly schedules?: readonly (readonly [string, ScheduleDefinition])[];
}

/** Each scheduled job of lambdas/schedules.ts: its function and an EventBridge rate rule invoking it. */
export class Schedules extends Construct {
  readonly functions: ReadonlyMap<string, AppFunction>;

  constructor(scope: Construct, id: string, props: SchedulesProps) {
    super(scope, id);
    const functions = new Map<string, AppFunction>();
    for (const [scheduleId, schedule] of props.schedules ?? scheduleEntries) {
      const definition = scheduleFunction(scheduleId, schedule);
      const fn = new AppFunction(this, scheduleId, { config: props.config, ...definition });
      bindGrants(fn, definition.grants, {
        config: props.config,
        data: props.data,
        appOrigin: props.appOrigin,
        stateMachineArn: props.stateMachineArn,
      });
      new Rule(this, `${scheduleId}Schedule`, {
        description: `${props.config.stage}: ${scheduleId} every ${schedule.rateMinutes} min`,
        schedule: Schedule.rate(Duration.minutes(schedule.rateMinutes)),
        targets: [new LambdaFunction(fn, { retryAttempts: 2, maxEventAge: Duration.minutes(Math.max(1, schedule.rateMinutes)) })],
      });
      functions.set(scheduleId, fn);
    }
    this.functions = functions;
  }
}
