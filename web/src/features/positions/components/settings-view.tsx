import { useSWRConfig } from 'swr';
import { Alert, Button, CheckboxField, Flex, Radio, RadioGroupField, SelectField, SwitchField, Text, TextField, View } from '@aws-amplify/ui-react';
import { useId, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { JOB_TITLE_MAX, toStored } from '../../../../../lambdas/contracts/pacing';
import { useMe } from '../../../api/companies';
import { errorMessage } from '../../../api/client';
import { useMembers } from '../../../api/members';
import { messageTemplatesKey } from '../../../api/message-templates';
import {
  createApplyLink,
  DELETE,
  deleteApplyLink,
  savePosition,
  setPositionStatus,
  useInviteExpiryOffsets,
  type Position,
} from '../../../api/positions';
import { toEditable, toWire } from '../../../components/interview-editor/interview-model';
import { PacingFields } from '../../../components/interview-editor/pacing-fields';
import { TimingAdjustmentField } from '../../../components/timing-adjustment-field';
import { paths } from '../../../config/paths';
import { normalizeTags, tagsValid } from '../integration-tags';
import { messages } from '../messages';
import { CandidateNotifications, plannedMessagesValid } from './candidate-notifications';
import { IntegrationTagSections } from './integration-tag-sections';
import { MemberPicker } from './member-picker';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SaveBar } from './save-bar';
import { Section } from './settings-section';
import { ScorecardSettings, useScorecardDraft } from './scorecard-settings';
import { type PositionAction } from '../../../../../lambdas/contracts/vocabulary';

/** Spec §5: an expiry value of -1 in the selector means null (invitations never expire). */
const NEVER = '-1';

type Settings = Pick<
  Position,
  'jobTitle' | 'integrationTags' | 'sharing' | 'notifying' | 'invitesExpireAfter' | 'plannedMessages' | 'candidateTiming'
> & {
  pacing: ReturnType<typeof toEditable>['pacing'];
};

const settingsOf = (position: Position): Settings => ({
  jobTitle: position.jobTitle,
  integrationTags: position.integrationTags,
  sharing: position.sharing,
  notifying: position.notifying,
  invitesExpireAfter: position.invitesExpireAfter,
  plannedMessages: position.plannedMessages,
  candidateTiming: position.candidateTiming,
  pacing: toEditable(position.interview).pacing,
});

/** What Save would send, for telling whether anything changed (tags as they are saved: trimmed, blank ones dropped). */
const comparable = (settings: Settings) => JSON.stringify({ ...settings, integrationTags: normalizeTags(settings.integrationTags) });

type Lifecycle = PositionAction | typeof DELETE;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What each lifecycle action does, as its confirmation says it (spec §4's position status; the
 * server's rules: a closed position takes no invitation and no application through its link, while
 * candidates already invited can still answer; deleting takes its candidates with everything of
 * theirs along, and only a closed position can be deleted).
 */
const CONFIRMATIONS: Record<
  Lifecycle,
  { title: string; confirm: string; busy: string; tone: 'neutral' | 'danger'; body: (position: Position) => ReactNode }
> = {
  close: {
    title: 'Close this position?',
    confirm: 'Close position',
    busy: 'Closing...',
    tone: 'neutral',
    body: (position) => (
      <>
        <ul className="consequences">
          <li>No one can be invited to it while it is closed{position.applyLink ? ', and its public link stops taking applications' : ''}.</li>
          {position.integrationTags.length > 0 && <li>Candidates from your connected ATS are no longer added to it.</li>}
          <li>Candidates already invited can still finish their interviews, and every response stays here for you to review.</li>
        </ul>
        <p className="consequence-note">You can re-open it at any time.</p>
      </>
    ),
  },
  open: {
    title: 'Re-open this position?',
    confirm: 'Re-open position',
    busy: 'Re-opening...',
    tone: 'neutral',
    body: (position) => (
      <ul className="consequences">
        <li>You can invite candidates to it again{position.applyLink ? ', and its public link takes applications again' : ''}.</li>
        <li>Its candidates and their responses are as you left them.</li>
      </ul>
    ),
  },
  [DELETE]: {
    title: 'Delete this position?',
    confirm: 'Delete position',
    busy: 'Deleting...',
    tone: 'danger',
    body: (position) => {
      const candidates = Object.values(position.candidates).reduce((sum, n) => sum + n, 0);
      return (
        <>
          <p className="consequence-note">
            {candidates > 0
              ? `“${position.jobTitle}” is deleted with its ${plural(candidates, 'candidate', 'candidates')}: their answer videos, transcripts, ratings and public sharing links. Their interview links stop working.`
              : `“${position.jobTitle}” and its interview are deleted for everyone on your team.`}
          </p>
          <p className="consequence-note consequence-note--warning">This cannot be undone.</p>
        </>
      );
    },
  },
};

/**
 * Settings view (spec §2, §4, §5, §6): the sections in the spec's order and the fixed bar with Close,
 * Re-open, Delete and Save changes. The lifecycle actions the position's state offers (Close when
 * open; Re-open and Delete when closed) sit apart from Save, and each asks in a dialog, saying what
 * it will do, before it is made.
 */
export const SettingsView = ({ position, companyId, onChanged }: { position: Position; companyId: string; onChanged: () => Promise<unknown> }) => {
  const { mutate: mutateCache } = useSWRConfig();
  const navigate = useNavigate();
  const me = useMe();
  const members = useMembers(companyId);
  const offsets = useInviteExpiryOffsets();
  const [original] = useState(() => settingsOf(position));
  const [settings, setSettings] = useState<Settings>(original);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [applyLink, setApplyLink] = useState(position.applyLink);
  const [confirming, setConfirming] = useState<Lifecycle | null>(null);
  const selfServiceHelpId = useId();
  // The scorecard's criteria are settings like the others: one Save changes saves them too (issue 43).
  const scorecard = useScorecardDraft(position.positionId);

  const allMembers = members.data?.members ?? [];
  const withAccess =
    settings.sharing === null ? allMembers : allMembers.filter((m) => m.userRole === 'owner' || settings.sharing!.userIds.includes(m.userId));
  const accessValid = settings.sharing === null || settings.sharing.userIds.length > 0;
  // The public link switch takes effect at once, on and off (spec §4): it is no unsaved change.
  const settingsChanged = comparable(settings) !== comparable(original);
  const changed = settingsChanged || scorecard.changed;
  const myId = me.data?.user.userId;
  const myRole = allMembers.find((m) => m.userId === myId)?.userRole;
  const keepsAccess = settings.sharing === null || myRole === 'owner' || (myId !== undefined && settings.sharing.userIds.includes(myId));
  const canSave =
    changed &&
    settings.jobTitle.trim() !== '' &&
    tagsValid(settings.integrationTags) &&
    accessValid &&
    plannedMessagesValid(settings.plannedMessages) &&
    scorecard.valid;

  const run = async (label: string, fallback: string, action: () => Promise<void>) => {
    setBusy(label);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(errorMessage(e, fallback));
    } finally {
      setBusy(null);
    }
  };

  const save = () =>
    run('save', messages.saveFailed, async () => {
      // The criteria first: if they fail, nothing is saved and the page stays with every edit.
      if (scorecard.changed) await scorecard.save();
      if (!settingsChanged) {
        navigate(paths.position.to(companyId, position.positionId, { view: 'candidates' }));
        return;
      }
      const interview = {
        ...toWire(toEditable(position.interview)),
        pacing: toWire({ ...toEditable(position.interview), pacing: settings.pacing }).pacing,
      };
      await savePosition({
        ...position,
        jobTitle: settings.jobTitle.trim(),
        integrationTags: normalizeTags(settings.integrationTags),
        sharing: settings.sharing,
        notifying: settings.notifying,
        invitesExpireAfter: settings.invitesExpireAfter,
        plannedMessages: settings.plannedMessages,
        candidateTiming: settings.candidateTiming,
        applyLink,
        interview,
      });
      await onChanged();
      // Which templates are in use follows what positions plan: the templates list is stale now.
      await mutateCache(messageTemplatesKey(companyId));
      navigate(keepsAccess ? paths.position.to(companyId, position.positionId, { view: 'candidates' }) : paths.positions.to(companyId));
    });

  // On creates the apply link and off clears it, at once (spec §4), like sharing a candidate: a
  // link switched off stops admitting applicants before anything is saved. The position is read
  // again for the card and the lifecycle texts; its version does not change, so edits stay.
  const toggleLink = (on: boolean) =>
    run('link', on ? messages.publicLinkFailed : messages.saveFailed, async () => {
      if (on) setApplyLink(await createApplyLink(position.positionId));
      else {
        await deleteApplyLink(position.positionId);
        setApplyLink(null);
      }
      void onChanged();
    });

  const FALLBACKS: Record<Lifecycle, string> = { close: messages.closeFailed, open: messages.reopenFailed, [DELETE]: messages.deleteFailed };
  const status = async (action: Lifecycle) => {
    let deleted = false;
    await run(action, FALLBACKS[action], async () => {
      await setPositionStatus(position.positionId, action);
      if (action === DELETE) deleted = true;
      else await onChanged();
    });
    setConfirming(null);
    if (deleted) navigate(paths.positions.to(companyId), { replace: true });
  };
  const confirmation = confirming && CONFIRMATIONS[confirming];
  const isOpen = position.currentStatus === 'open';

  return (
    <Flex direction="column">
      <Section title="Position name">
        <TextField
          label="Position name"
          labelHidden
          value={settings.jobTitle}
          maxLength={JOB_TITLE_MAX}
          hasError={settings.jobTitle.trim() === ''}
          errorMessage="Enter a position name."
          onChange={(e) => setSettings({ ...settings, jobTitle: e.target.value })}
        />
      </Section>
      <IntegrationTagSections
        companyId={companyId}
        tags={settings.integrationTags}
        onChange={(integrationTags) => setSettings({ ...settings, integrationTags })}
      />
      <Section title="Pacing" description="How long candidates have to think and to answer, and how many retakes they get.">
        <PacingFields pacing={settings.pacing} onChange={(pacing) => setSettings({ ...settings, pacing })} />
        <Flex direction="column" gap="xxxs" marginTop="medium">
          <CheckboxField
            name="timing-self-service"
            label="Candidates may ask for no time limit or double time themselves"
            aria-describedby={selfServiceHelpId}
            checked={settings.candidateTiming.selfService}
            onChange={(e) => setSettings({ ...settings, candidateTiming: { ...settings.candidateTiming, selfService: e.target.checked } })}
          />
          <Text id={selfServiceHelpId} fontSize="small" color="font.secondary" paddingLeft="large">
            They choose before their first question and it applies at once. Off, their request is e-mailed to the notified members, who grant it on
            the candidate page.
          </Text>
        </Flex>
      </Section>
      <Section title="Candidate notifications" description="E-mails candidates get from you automatically, and when.">
        <CandidateNotifications
          companyId={companyId}
          planned={settings.plannedMessages}
          onChange={(plannedMessages) => setSettings({ ...settings, plannedMessages })}
        />
      </Section>
      <Section title="Candidate deadline" description="How long an invitation stays open. Candidates who have not responded by then are removed.">
        <SelectField
          label="Invitations expire after"
          value={settings.invitesExpireAfter ?? NEVER}
          onChange={(e) => setSettings({ ...settings, invitesExpireAfter: e.target.value === NEVER ? null : e.target.value })}
        >
          <option value={NEVER}>Invitations never expire</option>
          {(offsets.data?.inviteExpiryOffsets ?? []).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </SelectField>
      </Section>
      <Section title="Public link" description="Lets candidates apply without an invitation.">
        <SwitchField
          label="Candidates can apply through a public link"
          isChecked={applyLink !== null}
          isDisabled={busy === 'link'}
          onChange={(e) => void toggleLink(e.target.checked)}
        />
        {applyLink && (
          <>
            <Text fontSize="small" marginTop="xs" data-testid="apply-link">
              {applyLink.linkHref}
            </Text>
            <View marginTop="medium">
              <TimingAdjustmentField
                legend="Timing for candidates who apply through the link"
                name="apply-link-timing"
                value={settings.candidateTiming.applyLinkDefault}
                onChange={(applyLinkDefault) => setSettings({ ...settings, candidateTiming: { ...settings.candidateTiming, applyLinkDefault } })}
                pacing={{
                  thinkingTime: toStored(settings.pacing.thinkingTime),
                  answerTime: settings.pacing.answerTime,
                  retakes: toStored(settings.pacing.retakes),
                }}
              />
            </View>
          </>
        )}
      </Section>
      <ScorecardSettings draft={scorecard} />
      <Section title="Team access" description="Who on your team can see this position and its candidates.">
        <RadioGroupField
          legend="Who can see this position"
          name="access"
          value={settings.sharing === null ? 'team' : 'limited'}
          onChange={(e) =>
            setSettings({
              ...settings,
              sharing: e.target.value === 'team' ? null : { userIds: me.data ? [me.data.user.userId] : [] },
              notifying: null,
            })
          }
        >
          <Radio value="team">The whole team</Radio>
          <Radio value="limited">Only selected members</Radio>
        </RadioGroupField>
        {settings.sharing !== null && (
          <>
            <MemberPicker
              label="Members with access"
              members={allMembers}
              selected={settings.sharing.userIds}
              onChange={(userIds) => setSettings({ ...settings, sharing: { userIds } })}
            />
            {!accessValid ? (
              <Alert variation="warning">{messages.nobodyHasAccess}</Alert>
            ) : (
              <Text fontSize="small" color={keepsAccess ? 'font.secondary' : 'font.warning'} marginTop="xs" role="status">
                {keepsAccess
                  ? `${settings.sharing.userIds.length} ${settings.sharing.userIds.length === 1 ? 'member has' : 'members have'} access, and owners always do. You keep access.`
                  : 'You will no longer have access to this position once you save.'}
              </Text>
            )}
          </>
        )}
      </Section>
      <Section title="Team notifications" description="Who hears about new responses.">
        <RadioGroupField
          legend="Who is notified of responses"
          name="notifying"
          value={settings.notifying === null ? 'everyone' : 'selected'}
          onChange={(e) => setSettings({ ...settings, notifying: e.target.value === 'everyone' ? null : { userIds: [] } })}
        >
          <Radio value="everyone">Everyone with access</Radio>
          <Radio value="selected">Selected members</Radio>
        </RadioGroupField>
        {settings.notifying !== null && (
          <MemberPicker
            label="Notified members"
            members={withAccess}
            selected={settings.notifying.userIds}
            onChange={(userIds) => setSettings({ ...settings, notifying: { userIds } })}
          />
        )}
      </Section>
      {error && <Alert variation="error">{error}</Alert>}
      <SaveBar
        lifecycleLabel={
          <>
            Position
            <span className={`position-state position-state--${position.currentStatus}`}>{isOpen ? 'Open' : 'Closed'}</span>
          </>
        }
        lifecycle={
          isOpen ? (
            <Button size="small" isLoading={busy === 'close'} onClick={() => setConfirming('close')}>
              Close
            </Button>
          ) : (
            <>
              <Button size="small" isLoading={busy === 'open'} onClick={() => setConfirming('open')}>
                Re-open
              </Button>
              <Button size="small" colorTheme="error" isLoading={busy === DELETE} onClick={() => setConfirming(DELETE)}>
                Delete
              </Button>
            </>
          )
        }
      >
        <Button variation="primary" isDisabled={!canSave} isLoading={busy === 'save'} loadingText="Saving..." onClick={() => void save()}>
          Save changes
        </Button>
      </SaveBar>
      {confirming && confirmation && (
        <ConfirmDialog
          open
          title={confirmation.title}
          confirmLabel={confirmation.confirm}
          busyLabel={confirmation.busy}
          tone={confirmation.tone}
          onConfirm={() => status(confirming)}
          onCancel={() => setConfirming(null)}
        >
          {confirmation.body(position)}
          {changed && confirming !== DELETE && (
            // The view starts afresh from the position as saved once its status changes.
            <p className="consequence-note consequence-note--warning">Your unsaved changes to these settings will be discarded.</p>
          )}
        </ConfirmDialog>
      )}
    </Flex>
  );
};
