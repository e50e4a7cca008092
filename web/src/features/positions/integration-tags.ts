import { integrationTagSchema, integrationTypes } from '../../../../lambdas/contracts/integrations';
import type { IntegrationTag, IntegrationType } from '../../api/integrations';

/**
 * A position's tag per integration (spec §2 Settings view, "an integration tag section per
 * integration"): the ATS tag whose candidates the position interviews. The list holds a type once,
 * in the order of the integration types, and an empty tag is no tag.
 */
const inTypeOrder = (tags: IntegrationTag[]) =>
  [...tags].sort((a, b) => integrationTypes.indexOf(a.integrationType) - integrationTypes.indexOf(b.integrationType));

/** The tag a type has ('' for none). */
export const tagOf = (tags: readonly IntegrationTag[], type: IntegrationType): string => tags.find((t) => t.integrationType === type)?.tag ?? '';

/**
 * The tags with one type's set to what its field holds (as typed, so a space between two words
 * survives the keystroke); an emptied field drops the type's entry. Other types' tags are kept,
 * those of integrations the company no longer has included.
 */
export const withTag = (tags: readonly IntegrationTag[], type: IntegrationType, value: string): IntegrationTag[] => {
  const others = tags.filter((t) => t.integrationType !== type);
  return inTypeOrder(value === '' ? others : [...others, { integrationType: type, tag: value }]);
};

/** What is saved (and compared to tell whether anything changed): tags trimmed, blank ones dropped, in type order. */
export const normalizeTags = (tags: readonly IntegrationTag[]): IntegrationTag[] =>
  inTypeOrder(tags.map((t) => ({ integrationType: t.integrationType, tag: t.tag.trim() })).filter((t) => t.tag !== ''));

/** Why a typed tag cannot be saved (too long, control characters), by the contract's rule; null when it can (blank is no tag). */
export const tagProblem = (value: string): string | null => {
  if (value.trim() === '') return null;
  const checked = integrationTagSchema.shape.tag.safeParse(value);
  return checked.success ? null : (checked.error.issues[0]?.message ?? 'Enter a valid tag.');
};

export const tagsValid = (tags: readonly IntegrationTag[]) => tags.every((t) => tagProblem(t.tag) === null);
