import { commonMessages } from '../../config/messages';

/** Texts of the company settings' Integrate tab (spec §2, §5, §8), word for word where the spec gives them. */
export const integrationsMessages = {
  loadFailed: commonMessages.retrieveIntegrationsFailed,
  addFailed: 'Unable to add an integration at this time. Please contact us.',
  deleteFailed: 'Unable to delete the integration at this time. Please contact us.',
  chooseType: 'Choose a type',
  typeLabel: 'Integration type',
  alreadyAdded: (name: string) => `${name} (already added)`,
  stageTransitions: 'Move the application to the next stage when the candidate responds',
  add: 'Add integration',
  connectLever: 'Connect with Lever',
  added: (name: string) => `${name} is connected.`,
  none: 'No integrations yet. Add one above to invite the candidates you tag in your applicant tracking system.',
  /** For a credential the user did not type (Lever's, from its consent). */
  oauthSecretLabel: 'Access token',
  webhooks: 'Updates at once',
  scheduled: 'Syncs every 15 minutes',
  neverSynced: 'Not synced yet',
  lastSync: (time: string, invited: number) => `Last sync ${time}: ${invited} ${invited === 1 ? 'candidate' : 'candidates'} invited`,
  syncProblem: 'The last sync could not invite everyone',
  deleteTitle: (name: string) => `Delete the ${name} integration?`,
  deleteExplained: (name: string) =>
    `Both directions stop: candidates tagged in ${name} are no longer invited, and results are no longer written back to ${name}. The stored credentials are deleted.`,
  deleteConfirm: 'Delete integration',
} as const;
