import { Resolver } from 'node:dns/promises';
import { readEnv } from '../platform/env';

/**
 * TXT look-ups for domain proofs (issue 42): the system's resolver in AWS, or the one DNS_RESOLVER
 * names (`host:port`, the local stand-in). A name with no TXT record, or no such name, answers [].
 */
let resolver: Resolver | undefined;
const resolverOf = (): Resolver => {
  if (!resolver) {
    resolver = new Resolver({ timeout: 3000, tries: 2 });
    const server = readEnv('DNS_RESOLVER').DNS_RESOLVER;
    if (server) resolver.setServers([server]);
  }
  return resolver;
};

/** Each TXT record at `name`, its strings joined (a long record comes in 255-byte strings). */
export const resolveTxt = async (name: string): Promise<string[]> => {
  try {
    return (await resolverOf().resolveTxt(name)).map((chunks) => chunks.join(''));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTFOUND' || code === 'ENODATA') return [];
    throw error;
  }
};
