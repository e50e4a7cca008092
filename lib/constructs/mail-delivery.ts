import { EventBus } from 'aws-cdk-lib/aws-events';
import { ConfigurationSet, EmailSendingEvent, EventDestination } from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import type { StageConfig } from '../config';
import { mailConfigurationSetName } from '../functions';
import { PRODUCT_EVENT_BUS } from './grants';

/**
 * Mail delivery seen (issue 26): the stage's SES configuration set, which every mail is sent with
 * (grant mail:send gives functions its name, MAIL_CONFIGURATION_SET), with reputation metrics and an
 * event destination that puts each delivery, bounce and complaint on the account's default
 * EventBridge bus. The rule and function that record them on the invitation are
 * lambdas/event-rules.ts `mailEventReceived` (built with the other event functions).
 */
export class MailDelivery extends Construct {
  readonly configurationSet: ConfigurationSet;

  constructor(scope: Construct, id: string, props: { readonly config: StageConfig }) {
    super(scope, id);
    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      configurationSetName: mailConfigurationSetName(props.config.stage),
      reputationMetrics: true,
    });
    this.configurationSet.addEventDestination('ToEventBridge', {
      destination: EventDestination.eventBus(EventBus.fromEventBusName(this, 'DefaultBus', PRODUCT_EVENT_BUS)),
      events: [EmailSendingEvent.DELIVERY, EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT],
    });
  }
}
