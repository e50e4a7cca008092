import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { sortTimeOf } from '../../domain/candidates';
import { MAX_SEARCH_TOKENS } from '../../domain/search';
import { newId, randomToken, sha256 } from '../../platform/crypto';
import { db, tableName } from '../client';
import type { Company } from '../companies';
import { storedInterview } from '../interview';
import { keys } from '../keys';
import type { Position } from '../positions';
import { ConditionFailed, transact, type TransactionStep } from '../transaction';
import { AlreadyImported } from '../integrations/integration';
import { importStep } from '../integrations/imports';
import { AnswerRefused, fromItem, type Candidate, type CandidateIntegration } from './candidate';
import { CandidateEmailTaken, claimEmailStep, heldEmail, releaseEmailStep } from './emails';
import { deleteSearchTokenSteps, putSearchTokenSteps, tokensOf } from './search';
import { NO_ADJUSTMENT, type TimingAdjustment } from '../../contracts/timing';
import { storedTiming } from '../timing';
import { MAIL_SENT } from '../../domain/mail-delivery';

export const PREVIEW_TTL_SECONDS = 3 * 24 * 60 * 60;
/** DynamoDB's limit of items in one transaction. */
const ITEMS_PER_TRANSACTION = 100;
/**
 * Candidates one transaction creates: besides the position and the company, up to 4 items per
 * candidate (profile, interview token, address; an ATS import a fourth) and their search items.
 */
export const INVITES_PER_TRANSACTION = Math.floor((ITEMS_PER_TRANSACTION - 2) / (4 + MAX_SEARCH_TOKENS));

/** A preview is in no list, only in the expiry index, so the expiry job removes it with its media. */
const indexKeys = (
  c: Pick<
    Candidate,
    'positionId' | 'companyId' | 'candidateId' | 'currentStatus' | 'createdAt' | 'completedAt' | 'expiresAt' | 'preview' | 'lastActiveAt'
  >,
) =>
  c.preview
    ? c.expiresAt
      ? keys.candidateExpiry(c.expiresAt, c.candidateId)
      : {}
    : {
        ...keys.candidateByPosition(c.positionId, c.createdAt, c.candidateId),
        ...keys.candidateByStatus(c.positionId, c.currentStatus, sortTimeOf(c), c.candidateId),
        ...(c.currentStatus === 'invited' && c.expiresAt ? keys.candidateExpiry(c.expiresAt, c.candidateId) : {}),
        ...(c.currentStatus !== 'invited' && c.completedAt ? keys.candidateDone(c.positionId, c.completedAt, c.candidateId) : {}),
        ...keys.candidateRetention(c.companyId, c.lastActiveAt, c.candidateId),
      };

export class PositionNotOpen extends Error {}
export class NotEnoughCredits extends Error {}

export interface NewCandidate {
  candidateName: string;
  email: string | null;
  /** An ATS candidate a sync or webhook brings in: recorded with the candidate, once per position (AlreadyImported). */
  integration?: Omit<CandidateIntegration, 'writeBack'>;
  /** Their adjustment of the pacing (issue 25); none when absent. */
  timing?: TimingAdjustment;
}

/**
 * Creates candidates of an open position in one transaction, with their interview tokens, their
 * addresses' uniqueness items (emails.ts), their search items (search.ts), the position's invited
 * count and (unless subscribed) the company's credits: the credit condition is checked against the stored counts, so concurrent
 * invites can never spend below zero. An address the position has already, or twice in `people`,
 * is CandidateEmailTaken and creates nobody.
 */
export const createCandidates = async (
  position: Position,
  company: Pick<Company, 'companyId' | 'subscriptionStatus' | 'credits'>,
  spendsCredits: boolean,
  people: NewCandidate[],
  expiresAt: string | null,
  options: { preview?: boolean; now?: Date } = {},
): Promise<Candidate[]> => {
  if (people.length === 0 || people.length > INVITES_PER_TRANSACTION) throw new Error(`createCandidates takes 1..${INVITES_PER_TRANSACTION} people`);
  const now = options.now ?? new Date();
  const preview = options.preview === true;
  const createdAt = now.toISOString();
  const candidates: Candidate[] = people.map((person) => ({
    candidateId: newId(),
    positionId: position.positionId,
    companyId: position.companyId,
    candidateName: person.candidateName,
    email: person.email,
    currentStatus: 'invited',
    createdAt,
    expiresAt: preview ? new Date(now.getTime() + PREVIEW_TTL_SECONDS * 1000).toISOString() : expiresAt,
    completedAt: null,
    interviewToken: randomToken(32),
    preview,
    jobTitle: position.jobTitle,
    interview: storedInterview(position.interview),
    knockout: null,
    answeredCount: 0,
    attempts: {},
    answers: {},
    publicCandidateId: null,
    answerPackage: null,
    integration: person.integration ? { ...person.integration, writeBack: null } : null,
    timing: storedTiming(person.timing ?? NO_ADJUSTMENT),
    timingRequest: null,
    awaitingReview: false,
    reviewedAt: null,
    openedAt: null,
    score: null,
    lastActiveAt: createdAt,
    mail: { ...MAIL_SENT },
    summaryOverview: null,
  }));
  const claimed = new Set<string>();
  for (const c of candidates) {
    const email = heldEmail(c);
    if (email === null) continue;
    const key = keys.candidateEmail(c.positionId, email).PK;
    if (claimed.has(key)) throw new CandidateEmailTaken(email);
    claimed.add(key);
  }
  const candidateSteps = candidates.flatMap((c): TransactionStep[] => {
    const email = heldEmail(c);
    const tokens = tokensOf(c);
    return [
      {
        name: 'candidate',
        item: {
          Put: {
            TableName: tableName(),
            Item: {
              ...keys.candidate(c.candidateId),
              ...indexKeys(c),
              type: 'candidate',
              ...c,
              ...(c.preview ? {} : { searchTokens: tokens }),
              // Counted in the reports by the table's stream from its first write (issue 40, data/reports.ts).
              reportCounted: true,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
      },
      {
        name: 'token',
        item: {
          Put: {
            TableName: tableName(),
            Item: {
              ...keys.interviewToken(sha256(c.interviewToken)),
              type: 'interviewToken',
              candidateId: c.candidateId,
              // The token names the position too, so the candidate's side reads it with the candidate (requireInterviewWith).
              positionId: c.positionId,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
      },
      ...putSearchTokenSteps(c, tokens),
      ...(email === null ? [] : [claimEmailStep(c.positionId, c.candidateId, email)]),
      ...(c.integration ? [importStep(c.integration.integrationId, c.positionId, c.integration.ref, c.candidateId)] : []),
    ];
  });
  const positionStep: TransactionStep = {
    name: 'position',
    item: preview
      ? {
          ConditionCheck: {
            TableName: tableName(),
            Key: keys.position(position.positionId),
            ConditionExpression: 'currentStatus = :open',
            ExpressionAttributeValues: { ':open': 'open' },
          },
        }
      : {
          Update: {
            TableName: tableName(),
            Key: keys.position(position.positionId),
            UpdateExpression: 'ADD candidates.invited :n',
            ConditionExpression: 'currentStatus = :open',
            ExpressionAttributeValues: { ':open': 'open', ':n': people.length },
          },
        },
  };
  const companyStep: TransactionStep = {
    name: 'company',
    item:
      spendsCredits && !preview
        ? {
            Update: {
              TableName: tableName(),
              Key: keys.company(company.companyId),
              UpdateExpression: 'ADD credits.invited :n',
              ConditionExpression: 'credits.allocated = :allocated AND credits.invited <= :max',
              ExpressionAttributeValues: {
                ':n': people.length,
                ':allocated': company.credits.allocated,
                ':max': company.credits.allocated - people.length,
              },
            },
          }
        : {
            ConditionCheck: {
              TableName: tableName(),
              Key: keys.company(company.companyId),
              ConditionExpression: 'attribute_exists(PK)',
            },
          },
  };
  try {
    await transact([positionStep, companyStep, ...candidateSteps]);
  } catch (error) {
    if (error instanceof ConditionFailed && error.step === 'position') throw new PositionNotOpen();
    if (error instanceof ConditionFailed && error.step === 'company') throw new NotEnoughCredits();
    if (error instanceof ConditionFailed && error.step === 'email') throw new CandidateEmailTaken(error.about!);
    if (error instanceof ConditionFailed && error.step === 'import') throw new AlreadyImported();
    throw error;
  }
  return candidates;
};

/**
 * What a fresh invitation sets on the profile (`set`, `remove` and `values` for an update of an
 * invited, non-preview candidate): invite time and deadline, the index keys that order the Invited
 * tab, and the retention clock, started anew since they are active again (issue 28).
 */
const renewal = (candidate: Candidate, createdAt: string, expiresAt: string | null) => {
  const byPosition = keys.candidateByPosition(candidate.positionId, createdAt, candidate.candidateId);
  const byStatus = keys.candidateByStatus(candidate.positionId, 'invited', createdAt, candidate.candidateId);
  const expiry = expiresAt ? keys.candidateExpiry(expiresAt, candidate.candidateId) : null;
  const retention = keys.candidateRetention(candidate.companyId, createdAt, candidate.candidateId);
  return {
    set: `createdAt = :createdAt, expiresAt = :expiresAt, GSI1SK = :gsi1sk, GSI2SK = :gsi2sk, lastActiveAt = :createdAt, GSI5PK = :gsi5pk, GSI5SK = :gsi5sk${
      expiry ? ', GSI3PK = :gsi3pk, GSI3SK = :gsi3sk' : ''
    }`,
    remove: expiry ? '' : ' REMOVE GSI3PK, GSI3SK',
    condition: 'currentStatus = :invited AND preview = :false',
    values: {
      ':createdAt': createdAt,
      ':expiresAt': expiresAt,
      ':invited': 'invited',
      ':false': false,
      ':gsi1sk': byPosition.GSI1SK,
      ':gsi2sk': byStatus.GSI2SK,
      ':gsi5pk': retention.GSI5PK,
      ':gsi5sk': retention.GSI5SK,
      ...(expiry ? { ':gsi3pk': expiry.GSI3PK, ':gsi3sk': expiry.GSI3SK } : {}),
    },
  };
};

/** A fresh invitation: new invite time and deadline, the card moves to the top of the Invited tab. */
export const renewInvite = async (candidate: Candidate, expiresAt: string | null, now = new Date()): Promise<Candidate> => {
  const createdAt = now.toISOString();
  const renewed = renewal(candidate, createdAt, expiresAt);
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.candidate(candidate.candidateId),
        UpdateExpression: `SET ${renewed.set}${renewed.remove}`,
        ConditionExpression: renewed.condition,
        ExpressionAttributeValues: renewed.values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return fromItem(Attributes!);
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw new AnswerRefused();
    throw error;
  }
};

export class InviteChanged extends Error {}

/**
 * An invited candidate's corrected address (issue 26, after a bounce), as one transaction: the
 * profile gets the address, a `sent` mail status, a fresh invite time and deadline (as renewInvite)
 * and its search tokens; the position's uniqueness item of the old address goes and one of the new
 * is put on the condition that no candidate holds it (CandidateEmailTaken); the search items follow
 * the tokens. Conditioned on the candidate still being invited with the address read (InviteChanged).
 * Credits and counts are untouched: it is the same invitation.
 */
export const changeInviteEmail = async (candidate: Candidate, email: string, expiresAt: string | null, now = new Date()): Promise<Candidate> => {
  if (candidate.preview || candidate.email === null) throw new InviteChanged();
  const createdAt = now.toISOString();
  const changed: Candidate = { ...candidate, email, createdAt, expiresAt, lastActiveAt: createdAt, mail: { ...MAIL_SENT } };
  const renewed = renewal(candidate, createdAt, expiresAt);
  const oldTokens = tokensOf(candidate);
  const newTokens = tokensOf(changed);
  const steps: TransactionStep[] = [
    {
      name: 'candidate',
      item: {
        Update: {
          TableName: tableName(),
          Key: keys.candidate(candidate.candidateId),
          UpdateExpression: `SET email = :email, #mail = :mail, searchTokens = :tokens, ${renewed.set}${renewed.remove}`,
          ConditionExpression: `${renewed.condition} AND email = :old`,
          ExpressionAttributeNames: { '#mail': 'mail' },
          ExpressionAttributeValues: { ':email': email, ':old': candidate.email, ':mail': changed.mail, ':tokens': newTokens, ...renewed.values },
        },
      },
    },
    // The old address's item is deleted unless another candidate holds it (from before addresses were unique).
    { ...releaseEmailStep({ ...candidate, email: candidate.email }), name: 'oldEmail' },
    claimEmailStep(candidate.positionId, candidate.candidateId, email),
    // Tokens both addresses give are put again (with the new token list), the others deleted: one operation per item.
    ...deleteSearchTokenSteps(
      candidate,
      oldTokens.filter((token) => !newTokens.includes(token)),
    ),
    ...putSearchTokenSteps(changed, newTokens),
  ];
  try {
    await transact(steps);
  } catch (error) {
    if (error instanceof ConditionFailed && error.step === 'email') throw new CandidateEmailTaken(email);
    if (error instanceof ConditionFailed && error.step === 'candidate') throw new InviteChanged();
    if (error instanceof ConditionFailed && error.step === 'oldEmail') throw new InviteChanged();
    throw error;
  }
  return changed;
};
