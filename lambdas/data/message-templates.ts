import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { newId } from '../platform/crypto';
import { db, tableName } from './client';
import { keys } from './keys';
import { queryAll } from './query';

/**
 * A company's own message templates (spec §3 Message template): one item each under its id, listed
 * per company on GSI1. Only the fields named here are written and read.
 */
export interface StoredMessageTemplate {
  templateId: string;
  companyId: string;
  templateName: string;
  subjectLine: string;
  bodyContent: string;
  createdAt: string;
}

export type MessageTemplateWording = Pick<StoredMessageTemplate, 'templateName' | 'subjectLine' | 'bodyContent'>;

/** The template is gone (deleted meanwhile). */
export class MessageTemplateGone extends Error {}

const fromItem = (item: Record<string, any>): StoredMessageTemplate => ({
  templateId: item.templateId,
  companyId: item.companyId,
  templateName: item.templateName,
  subjectLine: item.subjectLine,
  bodyContent: item.bodyContent,
  createdAt: item.createdAt,
});

export const createMessageTemplate = async (companyId: string, wording: MessageTemplateWording): Promise<StoredMessageTemplate> => {
  const template: StoredMessageTemplate = {
    templateId: newId(),
    companyId,
    templateName: wording.templateName,
    subjectLine: wording.subjectLine,
    bodyContent: wording.bodyContent,
    createdAt: new Date().toISOString(),
  };
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.messageTemplate(template.templateId),
        ...keys.messageTemplateByCompany(companyId, template.createdAt, template.templateId),
        type: 'messageTemplate',
        ...template,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
  return template;
};

/** One template, strongly consistent (a sender reads the wording current at send time). */
export const getMessageTemplate = async (templateId: string): Promise<StoredMessageTemplate | null> => {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: keys.messageTemplate(templateId), ConsistentRead: true }));
  return Item ? fromItem(Item) : null;
};

export const listMessageTemplates = async (companyId: string): Promise<StoredMessageTemplate[]> =>
  (
    await queryAll({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.messageTemplateByCompany(companyId, '', '').GSI1PK },
    })
  ).map(fromItem);

export const updateMessageTemplate = async (template: StoredMessageTemplate, wording: MessageTemplateWording): Promise<StoredMessageTemplate> => {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.messageTemplate(template.templateId),
        UpdateExpression: 'SET templateName = :name, subjectLine = :subject, bodyContent = :body',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':name': wording.templateName, ':subject': wording.subjectLine, ':body': wording.bodyContent },
      }),
    );
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') throw new MessageTemplateGone();
    throw error;
  }
  return { ...template, templateName: wording.templateName, subjectLine: wording.subjectLine, bodyContent: wording.bodyContent };
};

export const deleteMessageTemplate = async (templateId: string) => {
  try {
    await db.send(new DeleteCommand({ TableName: tableName(), Key: keys.messageTemplate(templateId), ConditionExpression: 'attribute_exists(PK)' }));
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') throw new MessageTemplateGone();
    throw error;
  }
};
