import { Button, Card, Flex, Image, Menu, MenuItem, Text, View } from '@aws-amplify/ui-react';
import { Link } from 'react-router-dom';
import type { CandidateSummary } from '../../../api/candidates';
import { messages } from '../messages';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');

/**
 * A candidate's card (spec §2): thumbnail, name, e-mail ("Not available" without one) and times.
 * Invited cards are not clickable; their menu copies the link, resends or deletes the invite.
 * The others open the candidate's detail page.
 */
export const CandidateCard = ({
  candidate,
  href,
  onReinvite,
  onDelete,
  onCopy,
}: {
  candidate: CandidateSummary;
  href: string;
  onReinvite: () => void;
  onDelete: () => void;
  onCopy: () => void;
}) => {
  const invited = candidate.currentStatus === 'invited';
  const thumbnail = candidate.thumbnail?.variants[0]?.contentHref;
  const card = (
    <Card
      variation="outlined"
      padding="0"
      as="article"
      aria-label={candidate.candidateName}
      style={{ overflow: 'hidden', height: '100%' }}
      className={invited ? undefined : 'candidate-card--link'}
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
          <Text fontWeight="semibold" isTruncated>
            {candidate.candidateName}
          </Text>
          {invited && (
            <Menu
              trigger={
                <Button size="small" variation="link" aria-label={`Actions for ${candidate.candidateName}`}>
                  ⋯
                </Button>
              }
            >
              <MenuItem onClick={onCopy}>Copy interview link</MenuItem>
              {candidate.email && <MenuItem onClick={onReinvite}>Resend invite</MenuItem>}
              <MenuItem onClick={onDelete}>Delete invite</MenuItem>
            </Menu>
          )}
        </Flex>
        <Text fontSize="small" color="font.secondary" isTruncated>
          {candidate.email ?? messages.notAvailable}
        </Text>
        <Text fontSize="small" color="font.tertiary">
          {invited
            ? `Invited ${candidate.createdAt.relativeTime}${candidate.expiresAt ? ` · expires ${candidate.expiresAt.relativeTime}` : ''}`
            : `Responded ${candidate.completedAt?.relativeTime ?? ''}`}
        </Text>
      </Flex>
    </Card>
  );
  if (invited) return card;
  return (
    <Link to={href} aria-label={`Open ${candidate.candidateName}`} style={{ color: 'inherit', textDecoration: 'none' }}>
      {card}
    </Link>
  );
};
