import type { IntegrationAttributes } from '../../api/integrations';
import { messages } from './messages';

export type WriteBack = NonNullable<IntegrationAttributes['writeBack']>;

/** The write-back's state in words (spec §2 candidate detail's integration panel). */
export const describeWriteBack = (name: string, writeBack: WriteBack): string => {
  switch (writeBack.status) {
    case 'pending':
      return messages.writeBack.pending(name);
    case 'retrying':
      return messages.writeBack.retrying(name, writeBack.attempts);
    case 'delivered':
      return messages.writeBack.delivered(name);
    case 'failed':
      return messages.writeBack.failed(name, writeBack.lastError);
  }
};
