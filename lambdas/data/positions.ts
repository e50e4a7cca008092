import type { IntegrationType } from '../contracts/integrations';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { newId, randomToken } from '../platform/crypto';
import { db, tableName } from './client';
import { writeIf } from './conditional-write';
import { decodeCursor, encodeCursor } from './cursor';
import { storedInterview, type StoredInterview } from './interview';
import { keys } from './keys';
import { queryAll } from './query';
import { ConditionFailed, transact } from './transaction';
import { type PositionStatus } from '../contracts/vocabulary';
import { DEFAULT_CANDIDATE_TIMING, type CandidateTimingSettings } from '../contracts/timing';
import { storedCandidateTiming } from './timing';

/**
 * Positions: one item each (`POSITION#{id}`), listed per company from GSI1 (`COMPANY#{id}#POSITIONS`,
 * sorted by `{status}#{createdAt}`), so a tab page is one Query; the counts by candidate status
 * live on the item and change in the candidates' transactions. `version` catches concurrent edits.
 * So do `newToReview` (responded candidates no member has opened yet) and `lastResponseAt` (the
 * latest completion): the list shows them without reading any candidate.
 */
export const POSITION_PAGE_SIZE = 50;

/** Members named by id (who may open a position, who is notified of its responses). */
export interface MemberList {
  userIds: string[];
}

export interface StoredPlannedMessage {
  templateId: string;
  sendTrigger: string;
}

/**
 * What a position's save replaces, as stored (the data layer's shape, not the wire's: only these
 * fields are written, see `interview.ts`). `sharing` null is the whole team, `notifying` null
 * everyone with access, `invitesExpireAfter` null never.
 */
export interface PositionSettings {
  jobTitle: string;
  interview: StoredInterview;
  sharing: MemberList | null;
  notifying: MemberList | null;
  plannedMessages: StoredPlannedMessage[];
  invitesExpireAfter: string | null;
  /** The ATS tag per integration type whose tagged candidates this position invites. */
  integrationTags: StoredIntegrationTag[];
  /** Candidates' timing: self-service choices, and the apply link's adjustment (issue 25). */
  candidateTiming: CandidateTimingSettings;
}

export interface StoredIntegrationTag {
  integrationType: IntegrationType;
  tag: string;
}

export interface CandidateCounts {
  invited: number;
  responded: number;
  shortlisted: number;
  rejected: number;
}

export interface Position extends PositionSettings {
  positionId: string;
  companyId: string;
  currentStatus: PositionStatus;
  candidates: CandidateCounts;
  version: number;
  createdAt: string;
  /** Responded candidates whom no member has opened yet (absent on positions older than the count: 0). */
  newToReview: number;
  /** When the latest candidate completed the interview, or null before any did. */
  lastResponseAt: string | null;
  /** The public apply link's id, while the link is on. */
  applyLinkId: string | null;
  /**
   * When it was last closed, while closed (issue 28: its candidates' retention clocks start no
   * earlier). Positions closed before it was recorded got the time of migration 005-retention-clock.
   */
  closedAt: string | null;
}

const memberList = (list: MemberList | null | undefined): MemberList | null => (list ? { userIds: [...list.userIds] } : null);
const plannedMessagesOf = (messages: StoredPlannedMessage[]): StoredPlannedMessage[] =>
  messages.map((m) => ({ templateId: m.templateId, sendTrigger: m.sendTrigger }));
const integrationTagsOf = (tags: StoredIntegrationTag[]): StoredIntegrationTag[] =>
  tags.map((t) => ({ integrationType: t.integrationType, tag: t.tag }));

/** The stored fields of a save, and only those. */
const storedSettings = (settings: PositionSettings): PositionSettings => ({
  jobTitle: settings.jobTitle,
  interview: storedInterview(settings.interview),
  sharing: memberList(settings.sharing),
  notifying: memberList(settings.notifying),
  plannedMessages: plannedMessagesOf(settings.plannedMessages),
  invitesExpireAfter: settings.invitesExpireAfter,
  integrationTags: integrationTagsOf(settings.integrationTags),
  candidateTiming: storedCandidateTiming(settings.candidateTiming),
});

const emptyCounts = { invited: 0, responded: 0, shortlisted: 0, rejected: 0 };

const fromItem = (item: Record<string, any>): Position => ({
  positionId: item.positionId,
  companyId: item.companyId,
  jobTitle: item.jobTitle,
  interview: storedInterview(item.interview),
  sharing: memberList(item.sharing),
  notifying: memberList(item.notifying),
  plannedMessages: plannedMessagesOf(item.plannedMessages ?? []),
  invitesExpireAfter: item.invitesExpireAfter ?? null,
  integrationTags: integrationTagsOf(item.integrationTags ?? []),
  candidateTiming: storedCandidateTiming(item.candidateTiming),
  applyLinkId: item.applyLinkId ?? null,
  currentStatus: item.currentStatus === 'closed' ? 'closed' : 'open',
  candidates: { ...emptyCounts, ...item.candidates },
  version: Number(item.version ?? 0),
  createdAt: item.createdAt,
  newToReview: Math.max(0, Number(item.newToReview ?? 0)),
  lastResponseAt: typeof item.lastResponseAt === 'string' ? item.lastResponseAt : null,
  closedAt: item.currentStatus === 'closed' && typeof item.closedAt === 'string' ? item.closedAt : null,
});

/** A stored position item as a Position: for reads that fetch it together with other items (BatchGetItem). */
export const positionFromItem = fromItem;

export const positionListKey = (companyId: string) => keys.positionByCompany(companyId, '', '', '').GSI1PK;

/** Queries one page may make when the reader cannot see every position (each reads at most a page). */
const MAX_QUERIES_PER_PAGE = 20;

/**
 * A page of the company's positions in one status, newest first, holding only those `visible`
 * keeps (the reader's access rule). One Query when the reader sees them all; when some are hidden,
 * the page goes on from where the last Query stopped until it is full or the tab ends.
 */
export const listPositions = async (
  companyId: string,
  status: PositionStatus,
  cursor: string | undefined,
  visible: (position: Position) => boolean,
) => {
  const positions: Position[] = [];
  const pk = positionListKey(companyId);
  let startKey: Record<string, unknown> | undefined = decodeCursor(
    cursor,
    ['PK', 'SK', 'GSI1PK', 'GSI1SK'],
    (key) => key.GSI1PK === pk && key.GSI1SK.startsWith(`${status}#`),
  );
  for (let queries = 0; queries < MAX_QUERIES_PER_PAGE; queries++) {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :status)',
        ExpressionAttributeValues: { ':pk': pk, ':status': `${status}#` },
        ScanIndexForward: false,
        Limit: POSITION_PAGE_SIZE - positions.length,
        ExclusiveStartKey: startKey,
      }),
    );
    positions.push(...(page.Items ?? []).map(fromItem).filter(visible));
    startKey = page.LastEvaluatedKey;
    if (!startKey || positions.length >= POSITION_PAGE_SIZE) break;
  }
  return { positions, cursor: encodeCursor(startKey) };
};

/** Every position of a company (content library): one Query, paged by DynamoDB only past 1 MB. */
export const allPositions = async (companyId: string): Promise<Position[]> =>
  (
    await queryAll({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': positionListKey(companyId) },
      ScanIndexForward: false,
    })
  ).map(fromItem);

export const createPosition = async (companyId: string, input: Pick<PositionSettings, 'jobTitle' | 'interview'>): Promise<string> => {
  const positionId = newId();
  const createdAt = new Date().toISOString();
  // writeIf: a put the SDK sends again after a lost answer finds its own item and stands (a new id cannot be taken).
  const written = await writeIf(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.position(positionId),
        ...keys.positionByCompany(companyId, 'open', createdAt, positionId),
        type: 'position',
        positionId,
        companyId,
        jobTitle: input.jobTitle,
        interview: storedInterview(input.interview),
        sharing: null,
        notifying: null,
        plannedMessages: [],
        invitesExpireAfter: null,
        integrationTags: [],
        candidateTiming: storedCandidateTiming(DEFAULT_CANDIDATE_TIMING),
        currentStatus: 'open',
        candidates: emptyCounts,
        version: 1,
        createdAt,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
  if (!written) throw new Error(`Position id ${positionId} was taken`);
  return positionId;
};

export const getPosition = async (positionId: string): Promise<Position | null> => {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.position(positionId) }));
  return Item ? fromItem(Item) : null;
};

export class VersionConflict extends Error {}

/**
 * Replaces the editable body when the stored version is the one the editor read. The apply link is
 * not part of the body: it is kept as it is, or (`clearApplyLink`) removed from the item, never
 * stored as NULL, so "no link yet" stays one state that ensureApplyLink can fill again.
 */
export const updatePosition = async (
  positionId: string,
  settings: PositionSettings,
  expectedVersion: number,
  options: { clearApplyLink: boolean },
) => {
  const body = storedSettings(settings);
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.position(positionId),
        UpdateExpression:
          'SET jobTitle = :jobTitle, interview = :interview, sharing = :sharing, notifying = :notifying, plannedMessages = :plannedMessages, invitesExpireAfter = :expiry, integrationTags = :tags, candidateTiming = :timing, version = version + :one' +
          (options.clearApplyLink ? ' REMOVE applyLinkId' : ''),
        ConditionExpression: 'attribute_exists(PK) AND version = :expected',
        ExpressionAttributeValues: {
          ':jobTitle': body.jobTitle,
          ':interview': body.interview,
          ':sharing': body.sharing,
          ':notifying': body.notifying,
          ':plannedMessages': body.plannedMessages,
          ':expiry': body.invitesExpireAfter,
          ':tags': body.integrationTags,
          ':timing': body.candidateTiming,
          ':one': 1,
          ':expected': expectedVersion,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return fromItem(Attributes!);
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw new VersionConflict();
    throw error;
  }
};

export class WrongStatus extends Error {}

/** open ↔ closed; the list key moves with the status, and closing records when (`closedAt`, issue 28 retention). */
export const setPositionStatus = async (position: Position, next: PositionStatus, now = new Date()) => {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.position(position.positionId),
        UpdateExpression: `SET currentStatus = :next, GSI1SK = :sk, version = version + :one${next === 'closed' ? ', closedAt = :now' : ' REMOVE closedAt'}`,
        ConditionExpression: 'currentStatus = :current',
        ExpressionAttributeValues: {
          ...(next === 'closed' ? { ':now': now.toISOString() } : {}),
          ':next': next,
          ':current': next === 'open' ? 'closed' : 'open',
          ':sk': keys.positionByCompany(position.companyId, next, position.createdAt, position.positionId).GSI1SK,
          ':one': 1,
        },
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw new WrongStatus();
    throw error;
  }
};

/** Deletes a closed position and its apply link. (Candidates and their media go with the candidate features.) */
export const deletePosition = async (position: Position) => {
  try {
    await transact([
      {
        name: 'position',
        item: {
          Delete: {
            TableName: tableName(),
            Key: keys.position(position.positionId),
            ConditionExpression: 'currentStatus = :closed',
            ExpressionAttributeValues: { ':closed': 'closed' },
          },
        },
      },
      ...(position.applyLinkId
        ? [{ name: 'applyLink', item: { Delete: { TableName: tableName(), Key: keys.applyLink(position.applyLinkId) } } }]
        : []),
      // Its scorecard criteria (issue 27), if it has any.
      { name: 'scorecard', item: { Delete: { TableName: tableName(), Key: keys.positionScorecard(position.positionId) } } },
    ]);
  } catch (error) {
    if (error instanceof ConditionFailed && error.step === 'position') throw new WrongStatus();
    throw error;
  }
};

/** The position's public apply link id, created once while the link is on (a new one after it was switched off). */
export const ensureApplyLink = async (position: Position): Promise<string> => {
  if (position.applyLinkId) return position.applyLinkId;
  const linkId = randomToken(12);
  try {
    await transact([
      {
        name: 'applyLink',
        item: {
          Put: {
            TableName: tableName(),
            Item: { ...keys.applyLink(linkId), type: 'applyLink', positionId: position.positionId, companyId: position.companyId },
          },
        },
      },
      {
        name: 'position',
        item: {
          Update: {
            TableName: tableName(),
            Key: keys.position(position.positionId),
            UpdateExpression: 'SET applyLinkId = :link',
            // No link yet: absent, or NULL as positions saved before links were removed kept it.
            ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(applyLinkId) OR attribute_type(applyLinkId, :nullType))',
            ExpressionAttributeValues: { ':link': linkId, ':nullType': 'NULL' },
          },
        },
      },
    ]);
    return linkId;
  } catch (error) {
    // Another request set the link first: theirs is the one.
    if (!(error instanceof ConditionFailed && error.step === 'position')) throw error;
    const current = await getPosition(position.positionId);
    if (!current?.applyLinkId) throw error;
    return current.applyLinkId;
  }
};

export const deleteApplyLink = (linkId: string) => db.send(new DeleteCommand({ TableName: tableName(), Key: keys.applyLink(linkId) }));

/**
 * Switches the position's public apply link off by itself (not as part of a save, so the version
 * stays, as ensureApplyLink leaves it): the position forgets the link and the link item goes in the
 * same transaction, so the link stops admitting applicants at once. A position without a link, or
 * whose link another request changed meanwhile, is left as it is.
 */
export const removeApplyLink = async (position: Position): Promise<void> => {
  if (!position.applyLinkId) return;
  try {
    await transact([
      {
        name: 'position',
        item: {
          Update: {
            TableName: tableName(),
            Key: keys.position(position.positionId),
            UpdateExpression: 'REMOVE applyLinkId',
            ConditionExpression: 'applyLinkId = :link',
            ExpressionAttributeValues: { ':link': position.applyLinkId },
          },
        },
      },
      { name: 'applyLink', item: { Delete: { TableName: tableName(), Key: keys.applyLink(position.applyLinkId) } } },
    ]);
  } catch (error) {
    // Switched off (or off and on again) by another request first: theirs stands.
    if (!(error instanceof ConditionFailed && error.step === 'position')) throw error;
  }
};
