import type { VendorStandIn } from '../types';
import { ashbyStandIn } from './ashby';
import { comeetStandIn } from './comeet';
import { greenhouseStandIn } from './greenhouse';
import { hiringthingStandIn } from './hiringthing';
import { hrpartnerStandIn } from './hrpartner';
import { lacrmStandIn } from './lacrm';
import { leverStandIn } from './lever';
import { recruiteeStandIn } from './recruitee';

export { COMEET_LOCAL_PARTNER_SECRET } from './comeet';
export { LEVER_LOCAL_OAUTH_CLIENT } from './lever';

/** Every vendor's stand-in (lib/local/ats/types.ts), one per integration type. */
export const atsVendorStandIns: readonly VendorStandIn[] = [
  ashbyStandIn,
  comeetStandIn,
  greenhouseStandIn,
  hiringthingStandIn,
  hrpartnerStandIn,
  lacrmStandIn,
  leverStandIn,
  recruiteeStandIn,
];
