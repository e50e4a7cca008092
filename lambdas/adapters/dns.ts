import { Resolver } from 'node:dns/promises';
import { readEnv } from '../platform/env';

/**
 * DNS look-ups (grant dns:resolve): the TXT records a company's domain proof is read from (issue 42).
 * DNS_RESOLVER (`host:port`) names the server to ask: empty in AWS, where the function's own resolver
 * answers; the DNS stand-in's address locally.
 */
const TIMEOUT_MS = 3000;
const TRIES = 2;

/** Codes meaning the name has no such record (NXDOMAIN, or NOERROR with no answer): not a failure. */
const NO_RECORDS = new Set(['ENOTFOUND', 'ENODATA']);

const resolvers = new Map<string, Resolver>();
const resolverFor = (server: string): Resolver => {
  let resolver = resolvers.get(server);
  if (!resolver) {
    resolver = new Resolver({ timeout: TIMEOUT_MS, tries: TRIES });
    if (server) resolver.setServers([server]);
    resolvers.set(server, resolver);
  }
  return resolver;
};

/**
 * The TXT records of a name, each record's character strings joined into one value; [] when the name
 * does not exist or has none. Any other failure (a timeout, a refused or failed server) throws.
 */
export const resolveTxt = async (name: string): Promise<string[]> => {
  const { DNS_RESOLVER } = readEnv('DNS_RESOLVER');
  try {
    const records = await resolverFor(DNS_RESOLVER).resolveTxt(name);
    return records.map((chunks) => chunks.join(''));
  } catch (error) {
    if (NO_RECORDS.has((error as NodeJS.ErrnoException).code ?? '')) return [];
    throw error;
  }
};
