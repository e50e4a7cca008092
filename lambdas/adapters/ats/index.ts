import type { IntegrationType } from '../../contracts/integrations';
import type { AtsAdapter } from './adapter';
import { ashbyAdapter } from './ashby';
import { comeetAdapter } from './comeet';
import { greenhouseAdapter } from './greenhouse';
import { hiringthingAdapter } from './hiringthing';
import { hrpartnerAdapter } from './hrpartner';
import { lacrmAdapter } from './lacrm';
import { leverAdapter } from './lever';
import { recruiteeAdapter } from './recruitee';

export * from './adapter';
export { atsConnection, atsEndpoint, leverOAuthClient } from './connection';
export { exchangeLeverCode, leverConsentHref } from './lever';

/** Every integration type's adapter. */
export const atsAdapters: Readonly<Record<IntegrationType, AtsAdapter>> = {
  ashby: ashbyAdapter,
  comeet: comeetAdapter,
  greenhouse: greenhouseAdapter,
  hiringthing: hiringthingAdapter,
  hrpartner: hrpartnerAdapter,
  lacrm: lacrmAdapter,
  lever: leverAdapter,
  recruitee: recruiteeAdapter,
};
