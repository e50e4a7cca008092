import type { Adapter, AdapterPayload } from 'oidc-provider';

/**
 * oidc-provider's storage for the local OpenID provider, in memory, with its entries' expiry: one
 * store per stand-in, shared by every Provider instance it builds, so a key rotation (which builds a
 * new Provider) keeps the sessions, interactions, codes and grants of the one before.
 */
export const createAdapterStore = (): new (name: string) => Adapter => {
  const entries = new Map<string, { payload: AdapterPayload; expiresAt: number }>();
  const byUid = new Map<string, string>();
  const byUserCode = new Map<string, string>();
  const byGrant = new Map<string, Set<string>>();

  const read = (key: string): AdapterPayload | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry.payload;
  };

  return class MemoryStore implements Adapter {
    constructor(private readonly name: string) {}

    private key(id: string) {
      return `${this.name}:${id}`;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const key = this.key(id);
      entries.set(key, { payload: { ...payload }, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Infinity });
      if (payload.uid) byUid.set(payload.uid, key);
      if (payload.userCode) byUserCode.set(payload.userCode, key);
      if (payload.grantId) {
        const members = byGrant.get(payload.grantId) ?? new Set<string>();
        members.add(key);
        byGrant.set(payload.grantId, members);
      }
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      return read(this.key(id));
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      const key = byUid.get(uid);
      return key ? read(key) : undefined;
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      const key = byUserCode.get(userCode);
      return key ? read(key) : undefined;
    }

    async consume(id: string): Promise<void> {
      const payload = read(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }

    async destroy(id: string): Promise<void> {
      entries.delete(this.key(id));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      for (const key of byGrant.get(grantId) ?? []) entries.delete(key);
      byGrant.delete(grantId);
    }
  };
};
