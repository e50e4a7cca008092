import { Badge, Button, Card, Flex, Image, Menu, MenuItem, Text, View } from '@aws-amplify/ui-react';
import { Link, useNavigate } from 'react-router-dom';
import type { CandidateSummary, EvaluationAction } from '../../../api/candidates';
import { MailStatusBadge } from '../../../components/mail-status-badge';
import { commonMessages } from '../../../config/messages';
import { EVALUATION_ACTIONS } from '../../../lib/evaluation';
import { listedScoreText } from '../../../lib/scores';
import { knockoutText } from '../../../components/answers/answer-format';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');

/**
 * A candidate's card (spec §2): thumbnail, name, e-mail ("Not available" without one) and times.
 * Invited cards are not clickable; their menu copies the link, resends or deletes the invite, or
 * opens the candidate page to adjust their timing. An adjusted timing (issue 25) is named on the card,
 * and so is an invitation mail that bounced or was marked as spam (issue 26; fixed on the candidate page)
 * or that was not sent at all (issue 37: resent from the menu, or its address fixed on the candidate page).
 * Sorted by score, a card says the candidate's mean score (issue 43). A candidate a knockout option
 * flagged or stopped (issue 39) is badged "Knocked out", with why in words.
 * The others open the candidate's detail page (the name is a link stretched over the card), and
 * with evaluation their menu moves them per spec §4's transition table.
 */
export const CandidateCard = ({
  candidate,
  href,
  evaluation,
  onReinvite,
  onDelete,
  onCopy,
  onEvaluate,
}: {
  candidate: CandidateSummary;
  href: string;
  evaluation: boolean;
  onReinvite: () => void;
  onDelete: () => void;
  onCopy: () => void;
  onEvaluate: (action: EvaluationAction) => void;
}) => {
  const navigate = useNavigate();
  const invited = candidate.currentStatus === 'invited';
  const bounced = invited && candidate.mail?.status === 'bounced';
  const notSent = invited && candidate.mail?.status === 'not_sent';
  const thumbnail = candidate.thumbnail?.variants[0]?.contentHref;
  const moves = evaluation ? EVALUATION_ACTIONS[candidate.currentStatus] : [];
  const menu = (invited || moves.length > 0) && (
    <Menu
      trigger={
        <Button size="small" variation="link" aria-label={`Actions for ${candidate.candidateName}`} style={{ position: 'relative', zIndex: 1 }}>
          ⋯
        </Button>
      }
    >
      {invited ? (
        <>
          <MenuItem onClick={onCopy}>Copy interview link</MenuItem>
          {/* A bounced invitation is corrected on the candidate page (issue 26): resending to the same address would bounce again. */}
          {bounced ? (
            <MenuItem onClick={() => navigate(href)}>Fix e-mail and resend</MenuItem>
          ) : (
            candidate.email && <MenuItem onClick={onReinvite}>Resend invite</MenuItem>
          )}
          {/* Not sent (issue 37): resent as it is, or with the address corrected on the candidate page. */}
          {notSent && <MenuItem onClick={() => navigate(href)}>Fix e-mail and resend</MenuItem>}
          {/* The candidate page holds the timing (issue 25); an invited card opens nothing else. */}
          <MenuItem onClick={() => navigate(href)}>Adjust timing</MenuItem>
          <MenuItem onClick={onDelete}>Delete invite</MenuItem>
        </>
      ) : (
        moves.map(({ action, label }) => (
          <MenuItem key={action} onClick={() => onEvaluate(action)}>
            {action === 'undo' ? 'Undo evaluation' : label}
          </MenuItem>
        ))
      )}
    </Menu>
  );
  return (
    <Card
      variation="outlined"
      padding="0"
      as="article"
      aria-label={candidate.candidateName}
      style={{ overflow: 'hidden', height: '100%', position: 'relative' }}
      className={invited ? (bounced || notSent ? 'candidate-card--bounced' : undefined) : 'candidate-card--link'}
    >
      <View backgroundColor="background.tertiary" style={{ aspectRatio: '16 / 9', display: 'grid', placeItems: 'center' }}>
        {thumbnail ? (
          <Image src={thumbnail} alt="" width="100%" height="100%" objectFit="cover" />
        ) : (
          <Text fontSize="xxl" color="font.tertiary" aria-hidden>
            {initials(candidate.candidateName)}
          </Text>
        )}
      </View>
      <Flex direction="column" gap="xxxs" padding="small">
        <Flex justifyContent="space-between" alignItems="center" gap="xs">
          {invited ? (
            <Text fontWeight="semibold" isTruncated>
              {candidate.candidateName}
            </Text>
          ) : (
            <Link to={href} aria-label={`Open ${candidate.candidateName}`} className="candidate-card__link">
              <Text as="span" fontWeight="semibold" isTruncated>
                {candidate.candidateName}
              </Text>
            </Link>
          )}
          {menu}
        </Flex>
        <Text fontSize="small" color="font.secondary" isTruncated>
          {candidate.email ?? commonMessages.notAvailable}
        </Text>
        <Text fontSize="small" color="font.tertiary">
          {invited
            ? `Invited ${candidate.createdAt.relativeTime}${candidate.expiresAt ? ` · expires ${candidate.expiresAt.relativeTime}` : ''}`
            : `Responded ${candidate.completedAt?.relativeTime ?? ''}`}
        </Text>
        {candidate.score && (
          // Only in a list sorted by score (issue 43): what the order is by.
          <Text fontSize="small" fontWeight="semibold" color="font.secondary">
            {listedScoreText(candidate.score)}
          </Text>
        )}
        {invited && <MailStatusBadge mail={candidate.mail} className="candidate-card__mail" />}
        {candidate.knockout && (
          <Flex direction="column" gap="xxxs" marginTop="xxxs" className="candidate-card__knockout">
            <Badge size="small" variation="warning" alignSelf="flex-start">
              Knocked out
            </Badge>
            <Text fontSize="small" color="font.secondary">
              {knockoutText(candidate.knockout)}
              {candidate.knockout.ended ? '. Interview ended.' : '.'}
            </Text>
          </Flex>
        )}
        {candidate.timingAdjusted && (
          // Neutral on purpose: it explains a long answer, it is no warning.
          <Badge size="small" alignSelf="flex-start" marginTop="xxxs">
            Adjusted timing
          </Badge>
        )}
      </Flex>
    </Card>
  );
};
