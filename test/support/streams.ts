import { baseUrl } from './api';

/**
 * The local stack's stand-in for Lambda's DynamoDB stream mappings (lib/local/dynamodb-streams-poller.ts)
 * from the api tests: wait until what was written so far has been handed to the stream functions and
 * settled, and read which records were handed over.
 */

/** Resolves once every change written to the table before the call has been read from its stream and handled. */
export const streamsDrained = async (): Promise<void> => {
  const res = await fetch(`${baseUrl()}/_local/streams/drained`);
  if (!res.ok) throw new Error(`GET /_local/streams/drained answered ${res.status}: ${await res.text()}`);
};

export interface HandedStreamRecord {
  function: string;
  eventID: string;
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE';
  eventSource: string;
  eventSourceARN: string;
  keys: Record<string, { S?: string }>;
  sequenceNumber: string;
  streamViewType: string;
  hasNewImage: boolean;
  hasOldImage: boolean;
  deliveries: number;
  outcome: 'done' | 'set aside';
}

/** The stream records of one partition handed to stream functions (after streamsDrained, all of them so far). */
export const streamRecordsHandedOver = async (pk: string): Promise<HandedStreamRecord[]> => {
  const res = await fetch(`${baseUrl()}/_local/streams/records?pk=${encodeURIComponent(pk)}`);
  return ((await res.json()) as { records: HandedStreamRecord[] }).records;
};
