import { AtsCredentialsRejected, AtsRequestFailed, MAX_TAGGED, type AtsAdapter, type AtsCandidate, type AtsConnection } from './adapter';
import { atsRequest, refusedCredentials } from './http';

/**
 * HR Partner (https://developer.hrpartner.io, REST API "in Beta", no version in the path):
 * every call carries the company's API key in the `x-api-key` header; 401 means the key is wrong,
 * 403 that the resource is not available to it.
 * - GET  /company            the documented way to check the key reaches the right company
 * - GET  /applicants?tag=…   the recruitment applicants carrying a tag (the `tag` filter as the employees
 *                            list documents it, "single tag only"); a JSON array, no pagination documented
 * - GET  /applicants/{id}    one applicant (its free-text `notes` among the fields)
 * - POST /applicants/{id}    updates the applicant: the result is appended to its `notes`
 * HR Partner documents no webhook registration, so the 15-minute sync is all there is.
 */
interface HrPartnerApplicant {
  readonly id: number | string;
  readonly first_names?: string | null;
  readonly last_name?: string | null;
  readonly full_name?: string | null;
  readonly email?: string | null;
  readonly notes?: string | null;
  readonly tags?: readonly { readonly tag?: string | null }[] | null;
}

/** Without a key HR Partner answers 401, as for a wrong one. */
const headers = (connection: AtsConnection) => ({ 'x-api-key': connection.credentials.authToken ?? '' });

const clean = (value: string | null | undefined) => (typeof value === 'string' ? value.trim() : '');

const nameOf = (applicant: HrPartnerApplicant) =>
  [clean(applicant.first_names), clean(applicant.last_name)].filter(Boolean).join(' ') ||
  clean(applicant.full_name) ||
  clean(applicant.email) ||
  `Applicant ${applicant.id}`;

/** Whether the applicant carries the tag; an answer without `tags` is trusted to be filtered already. */
const carriesTag = (applicant: HrPartnerApplicant, tag: string) =>
  !Array.isArray(applicant.tags) || applicant.tags.some((t) => clean(t.tag).toLowerCase() === tag.toLowerCase());

const NOTE_SEPARATOR = '\n\n';

export const hrpartnerAdapter: AtsAdapter = {
  type: 'hrpartner',
  endpoints: { api: 'https://api.hrpartner.io', app: 'https://app.hrpartner.io' },

  async verifyCredentials(connection) {
    try {
      await atsRequest(`${connection.endpoint('api')}/company`, { headers: headers(connection) });
    } catch (error) {
      if (refusedCredentials(error)) throw new AtsCredentialsRejected('HR Partner refused the API key');
      throw error;
    }
  },

  async listTagged(connection, tag) {
    const wanted = tag.trim();
    const url = `${connection.endpoint('api')}/applicants?${new URLSearchParams({ tag: wanted })}`;
    const applicants = await atsRequest<HrPartnerApplicant[] | null>(url, { headers: headers(connection) });
    if (applicants !== null && !Array.isArray(applicants))
      throw new AtsRequestFailed('HR Partner answered GET /applicants with something other than a list', null, false);
    const app = connection.endpoint('app');
    const candidates: AtsCandidate[] = [];
    for (const applicant of applicants ?? []) {
      if (applicant?.id === undefined || applicant.id === null || !carriesTag(applicant, wanted)) continue;
      const id = String(applicant.id);
      candidates.push({
        ref: id,
        name: nameOf(applicant),
        email: clean(applicant.email) || null,
        profileHref: `${app}/applicants/${encodeURIComponent(id)}`,
      });
      if (candidates.length >= MAX_TAGGED) break;
    }
    return candidates;
  },

  async writeResult(connection, ref, result) {
    const url = `${connection.endpoint('api')}/applicants/${encodeURIComponent(ref)}`;
    const applicant = await atsRequest<HrPartnerApplicant>(url, { headers: headers(connection) });
    const existing = clean(applicant?.notes);
    const note = result.note.trim();
    // A retry after a lost answer finds the note already there: it is not added twice.
    if (existing.includes(note)) return;
    await atsRequest(url, {
      method: 'POST',
      headers: headers(connection),
      json: { notes: existing ? `${existing}${NOTE_SEPARATOR}${note}` : note },
    });
  },
};
