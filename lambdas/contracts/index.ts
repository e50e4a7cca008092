/**
 * Every route's contract keyed by its operation id in the route table. A test checks that the
 * two key sets match, so a route cannot exist without a contract.
 */
import type { OperationId } from '../operations';
import type { Contract } from './contract';
import * as account from './account';
import * as billing from './billing';
import * as candidate from './candidate';
import * as company from './company';
import * as integrations from './integrations';
import * as interview from './interview';
import * as media from './media';
import * as member from './member';
import * as messageTemplates from './message-templates';
import * as position from './position';
import * as system from './system';

export const contracts = {
  getHealth: system.getHealth,
  getOpenApi: system.getOpenApi,
  checkEmail: account.checkEmail,
  createAccount: account.createAccount,
  sendMagicCode: account.sendMagicCode,
  createMagicCodeSession: account.createMagicCodeSession,
  deleteSession: account.deleteSession,
  getMe: account.getMe,
  getCompany: company.getCompany,
  updateCompany: company.updateCompany,
  deleteCompany: company.deleteCompany,
  getCompanyConfig: company.getCompanyConfig,
  getOwnershipStatus: company.getOwnershipStatus,
  getPlanStatus: company.getPlanStatus,
  getTheme: company.getTheme,
  getCompanyLogo: company.getCompanyLogo,
  putTheme: company.putTheme,
  listMembers: member.listMembers,
  inviteMember: member.inviteMember,
  removeMember: member.removeMember,
  getMemberInvite: member.getMemberInvite,
  confirmMemberInvite: member.confirmMemberInvite,
  createUserMediaUpload: media.createUserMediaUpload,
  completeMediaUploads: media.completeMediaUploads,
  getMediaUploadGroups: media.getMediaUploadGroups,
  listPositions: position.listPositions,
  createPosition: position.createPosition,
  getPosition: position.getPosition,
  updatePosition: position.updatePosition,
  setPositionStatus: position.setPositionStatus,
  createApplyLink: position.createApplyLink,
  getContentLibrary: position.getContentLibrary,
  getMessageTriggers: position.getMessageTriggers,
  getInviteExpiryOffsets: position.getInviteExpiryOffsets,
  listPrices: billing.listPrices,
  createCheckoutSession: billing.createCheckoutSession,
  getCheckoutSessionStatus: billing.getCheckoutSessionStatus,
  createPortalSession: billing.createPortalSession,
  handleStripeWebhook: billing.handleStripeWebhook,
  listIntegrations: integrations.listIntegrations,
  createIntegration: integrations.createIntegration,
  deleteIntegration: integrations.deleteIntegration,
  createLeverOAuthHref: integrations.createLeverOAuthHref,
  completeLeverOAuth: integrations.completeLeverOAuth,
  abortLeverOAuth: integrations.abortLeverOAuth,
  handleIntegrationWebhook: integrations.handleIntegrationWebhook,
  listMessageTemplates: position.listMessageTemplates,
  createMessageTemplate: messageTemplates.createMessageTemplate,
  previewMessageTemplate: messageTemplates.previewMessageTemplate,
  sendTestMessage: messageTemplates.sendTestMessage,
  getMessageTemplate: messageTemplates.getMessageTemplate,
  updateMessageTemplate: messageTemplates.updateMessageTemplate,
  deleteMessageTemplate: messageTemplates.deleteMessageTemplate,
  listCandidates: candidate.listCandidates,
  inviteCandidate: candidate.inviteCandidate,
  inviteCandidatesBatch: candidate.inviteCandidatesBatch,
  sendPreviewInvite: candidate.sendPreviewInvite,
  getCandidate: candidate.getCandidate,
  reinviteCandidate: candidate.reinviteCandidate,
  setCandidateStatus: candidate.setCandidateStatus,
  exportCandidates: candidate.exportCandidates,
  rateAnswer: candidate.rateAnswer,
  getAnswerTranscripts: candidate.getAnswerTranscripts,
  getCandidateAccessStatus: candidate.getCandidateAccessStatus,
  createAnswerPackage: candidate.createAnswerPackage,
  createSharingDetails: candidate.createSharingDetails,
  getMySharingDetails: candidate.getMySharingDetails,
  deleteSharing: candidate.deleteSharing,
  getPublicCandidate: candidate.getPublicCandidate,
  getPublicAnswerTranscripts: candidate.getPublicAnswerTranscripts,
  getInterview: interview.getInterview,
  startAnswer: interview.startAnswer,
  getAnswerPartUrls: interview.getAnswerPartUrls,
  submitAnswer: interview.submitAnswer,
  getApplyLink: interview.getApplyLink,
  applyThroughLink: interview.applyThroughLink,
} satisfies Record<OperationId, Contract>;
