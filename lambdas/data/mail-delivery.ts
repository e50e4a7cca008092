import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { replaceableBy, type StoredMailDelivery } from '../domain/mail-delivery';
import { tableName } from './client';
import { writeIf } from './conditional-write';
import { keys } from './keys';

/**
 * What SES reported about an invitation mail (issue 26), kept on the invitation's item as `mail`
 * ({status, reason, at}): the candidate's profile or the member invitation. One UpdateItem that sets
 * `mail` alone, so no condition another writer puts on the item (the status, the scorecards'
 * version, the review flag) ever fails because of it. Its own condition holds the rules: the item
 * exists, its address is still the one the mail went to (a late event for a corrected address is
 * ignored), and the stored status is one the new one may replace (domain/mail-delivery.ts). False
 * when the condition kept it from writing.
 */
const record = async (key: { PK: string; SK: string }, recipient: string, delivery: StoredMailDelivery): Promise<boolean> => {
  const replaceable = replaceableBy(delivery.status);
  return writeIf(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'SET #mail = :mail',
      ConditionExpression: `attribute_exists(PK) AND email = :recipient AND (attribute_not_exists(#mail.#status) OR #mail.#status IN (${replaceable.map((_, i) => `:s${i}`).join(', ')}))`,
      ExpressionAttributeNames: { '#mail': 'mail', '#status': 'status' },
      ExpressionAttributeValues: {
        ':mail': delivery,
        ':recipient': recipient,
        ...Object.fromEntries(replaceable.map((status, i) => [`:s${i}`, status])),
      },
    }),
  );
};

/** Records on the candidate's profile (a deleted candidate, or one whose address changed, is left alone). */
export const recordCandidateMail = (candidateId: string, recipient: string, delivery: StoredMailDelivery) =>
  record(keys.candidate(candidateId), recipient, delivery);

/** Records on a pending member invitation (a withdrawn or accepted one is left alone). */
export const recordMemberInviteMail = (companyId: string, inviteId: string, recipient: string, delivery: StoredMailDelivery) =>
  record(keys.memberInvite(companyId, inviteId), recipient, delivery);
