/**
 * Paths of the API, with no other import: the SPA's client uses this beside the route table the
 * build derives from the operations (web/vite.config.ts), so no schema reaches a browser.
 */
export const API_PREFIX = '/api/v1';

/** A path parameter's value: a list parameter (`…Ids`, comma-separated on the wire) takes an array. */
export type PathParamValue = string | number | readonly (string | number)[];

/**
 * A path template (`/candidates/{candidateId}`) filled: each `{name}` with the URI-encoded value of
 * `params[name]` (an array's items each encoded, then comma-joined), then the query in the given key
 * order (URLSearchParams; undefined and null are left out; keys as given). A missing or empty path
 * parameter throws, naming `label`.
 */
export const fillPath = (
  template: string,
  params: Readonly<Record<string, PathParamValue | null | undefined>> = {},
  query: Readonly<Record<string, unknown>> = {},
  label = template,
): string => {
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    const items = Array.isArray(value) ? (value as readonly unknown[]) : [value];
    if (items.length === 0 || items.some((item) => item === undefined || item === null || item === '')) {
      throw new Error(`${label}: missing path parameter ${name}`);
    }
    return items.map((item) => encodeURIComponent(String(item))).join(',');
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
};
