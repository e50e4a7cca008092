import { integrationForms } from '../../../../lambdas/contracts/integrations';
import type { IntegrationType, NewIntegration } from '../../api/integrations';

/** What the Integrate tab's add form holds (spec §2 Integrate, §5 Integrations). */
export interface IntegrationDraft {
  /** '' until a type is chosen. */
  integrationType: IntegrationType | '';
  username: string;
  authToken: string;
  automaticStageTransitions: boolean;
}

export const emptyDraft: IntegrationDraft = { integrationType: '', username: '', authToken: '', automaticStageTransitions: false };

/** Another type starts from empty fields (one vendor's credential means nothing to another). */
export const chooseType = (integrationType: IntegrationType | ''): IntegrationDraft => ({ ...emptyDraft, integrationType });

/**
 * Whether the form may be sent (spec §5): a type is chosen and not added yet, and the fields its form
 * shows are filled (the secret, and the username where there is one); Lever's needs nothing typed.
 */
export const canAdd = (draft: IntegrationDraft, added: readonly IntegrationType[]): boolean => {
  if (draft.integrationType === '' || added.includes(draft.integrationType)) return false;
  const form = integrationForms[draft.integrationType];
  if (form.connect === 'oauth') return true;
  return draft.authToken.trim() !== '' && (form.usernameLabel === null || draft.username.trim() !== '');
};

/** The create call's body for a key-based type: only the fields its form shows. */
export const toNewIntegration = (draft: IntegrationDraft & { integrationType: IntegrationType }): NewIntegration => {
  const form = integrationForms[draft.integrationType];
  return {
    integrationType: draft.integrationType,
    authToken: draft.authToken.trim(),
    ...(form.usernameLabel !== null && { username: draft.username.trim() }),
    ...(draft.integrationType === 'greenhouse' && {
      integrationProperties: { greenhouse: { automaticStageTransitions: draft.automaticStageTransitions } },
    }),
  };
};
