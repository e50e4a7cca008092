import * as operations from '../../operations/system';
import { checkServices } from '../../app/system/health';
import { readEnv } from '../../platform/env';
import { defineHandler, Reply } from '../../platform/http';

const env = readEnv('STAGE', 'TABLE_NAME', 'MEDIA_BUCKET', 'STATE_MACHINE_ARN');

/** 200 when every backing service answers, 503 (with which one did not) otherwise. */
export const handler = defineHandler(operations.getHealth, async () => {
  const services = await checkServices({ tableName: env.TABLE_NAME, mediaBucket: env.MEDIA_BUCKET, stateMachineArn: env.STATE_MACHINE_ARN });
  const allUp = Object.values(services).every((service) => service.status === 'up');
  const body = { status: allUp ? ('ok' as const) : ('degraded' as const), stage: env.STAGE, services };
  return new Reply(allUp ? 200 : 503, body);
});
