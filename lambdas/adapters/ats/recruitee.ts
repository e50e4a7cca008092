import { AtsCredentialsRejected, AtsRequestFailed, MAX_TAGGED, type AtsAdapter, type AtsCandidate, type AtsConnection } from './adapter';
import { atsRequest, refusedCredentials } from './http';

/**
 * Recruitee's JSON API (https://docs.recruitee.com, base https://api.recruitee.com/c/{company_id}):
 * a personal API token as `Authorization: Bearer …`; the company id (the form's "Company ID") is
 * part of every path.
 * - GET  /tags                       the credential check (cheap, and it is in the company), and the
 *                                    tag's ids from its name (`{ tags: [{ id, name, taggings_count }] }`)
 * - GET  /search/new/candidates      the candidates with the tag, the search Recruitee advises over
 *                                    GET /candidates (which has no tag filter): `filters_json`
 *                                    `[{"filter":"tags","id":{"in":[…]}}]`, `limit` and `page` (from 1),
 *                                    `sort_by=created_at_asc` so pages hold still while candidates arrive;
 *                                    answers `{ hits, total }`. The search ignores a filter it does not
 *                                    understand (and would answer everyone), so each hit's own `tags` are
 *                                    checked as well.
 * - POST /candidates/{id}/notes      `{ note: { body, visibility: { level: "public" } } }`
 * Profile links are what Recruitee's app and its API's `adminapp_url` use:
 * `https://app.recruitee.com/#/dashboard/overview?candidate={id}&company={company_id}`.
 * Recruitee's webhooks are configured in its settings only (Settings › Apps and plugins › Webhooks);
 * its API cannot register one, so the 15-minute sync is all there is.
 */
interface RecruiteeTag {
  readonly id: number | string;
  readonly name?: string | null;
}

type RecruiteeHitTag = string | { readonly id?: number | string | null; readonly name?: string | null };

interface RecruiteeHit {
  readonly id: number | string;
  readonly name?: string | null;
  readonly emails?: readonly (string | null)[] | null;
  readonly tags?: readonly RecruiteeHitTag[] | null;
}

interface RecruiteeSearch {
  readonly hits?: readonly RecruiteeHit[] | null;
  readonly total?: number | null;
}

const PAGE_SIZE = 100;

const credentials = (connection: AtsConnection) => {
  const token = connection.credentials.authToken?.trim();
  const company = connection.credentials.username?.trim();
  if (!token || !company) throw new AtsCredentialsRejected('Recruitee needs a personal API token and a company ID');
  return { token, company };
};

const companyUrl = (connection: AtsConnection) => `${connection.endpoint('api')}/c/${encodeURIComponent(credentials(connection).company)}`;
const headers = (connection: AtsConnection) => ({ authorization: `Bearer ${credentials(connection).token}` });

const sameName = (a: string | null | undefined, b: string) => typeof a === 'string' && a.trim().toLowerCase() === b.trim().toLowerCase();

const tagsOf = async (connection: AtsConnection) =>
  (await atsRequest<{ tags?: readonly RecruiteeTag[] | null } | null>(`${companyUrl(connection)}/tags`, { headers: headers(connection) }))?.tags ??
  [];

/** Whether a hit carries one of the tags (Recruitee lists a hit's tags by name; an object form is read too). */
const carries = (hit: RecruiteeHit, ids: ReadonlySet<string>, tag: string) =>
  (hit.tags ?? []).some((t) => (typeof t === 'string' ? sameName(t, tag) : sameName(t?.name, tag) || (t?.id != null && ids.has(String(t.id)))));

export const recruiteeAdapter: AtsAdapter = {
  type: 'recruitee',
  endpoints: { api: 'https://api.recruitee.com', app: 'https://app.recruitee.com' },

  async verifyCredentials(connection) {
    try {
      await tagsOf(connection);
    } catch (error) {
      // 404: no company with that id for this token.
      if (refusedCredentials(error) || (error instanceof AtsRequestFailed && error.status === 404)) {
        throw new AtsCredentialsRejected('Recruitee refused the token or the company ID');
      }
      throw error;
    }
  },

  async listTagged(connection, tag) {
    const ids = new Set((await tagsOf(connection)).filter((t) => t?.id != null && sameName(t.name, tag)).map((t) => String(t.id)));
    if (ids.size === 0) return [];

    const { company } = credentials(connection);
    const app = connection.endpoint('app');
    const filters = JSON.stringify([{ filter: 'tags', id: { in: [...ids].map((id) => (/^\d+$/.test(id) ? Number(id) : id)) } }]);
    const found: AtsCandidate[] = [];
    for (let page = 1; ; page += 1) {
      const query = new URLSearchParams({ filters_json: filters, limit: String(PAGE_SIZE), page: String(page), sort_by: 'created_at_asc' });
      const answer = await atsRequest<RecruiteeSearch | null>(`${companyUrl(connection)}/search/new/candidates?${query}`, {
        headers: headers(connection),
      });
      const hits = answer?.hits ?? [];
      for (const hit of hits) {
        if (hit?.id == null || !carries(hit, ids, tag)) continue;
        const id = String(hit.id);
        const email = hit.emails?.find((e): e is string => typeof e === 'string' && e.trim() !== '')?.trim() ?? null;
        found.push({
          ref: id,
          name: hit.name?.trim() || email || `Candidate ${id}`,
          email,
          profileHref: `${app}/#/dashboard/overview?${new URLSearchParams({ candidate: id, company })}`,
        });
        if (found.length >= MAX_TAGGED) return found;
      }
      const total = typeof answer?.total === 'number' ? answer.total : null;
      if (hits.length < PAGE_SIZE || (total !== null && page * PAGE_SIZE >= total)) return found;
    }
  },

  async writeResult(connection, ref, result) {
    await atsRequest(`${companyUrl(connection)}/candidates/${encodeURIComponent(ref)}/notes`, {
      method: 'POST',
      headers: headers(connection),
      json: { note: { body: result.note, visibility: { level: 'public' } } },
    });
  },
};
