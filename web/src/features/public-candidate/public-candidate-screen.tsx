import { Alert, Card, Flex, Heading, Image, Loader, Text, View } from '@aws-amplify/ui-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { accessStatus, usePublicCandidate, usePublicTranscripts, type PublicCandidate } from '../../api/candidates';
import { ApiError } from '../../api/client';
import { themeColors } from '../../api/theme';
import { AnswerPlayer, hasRecording } from '../../components/answers/answer-player';
import { Transcript } from '../../components/answers/transcript';
import { TypedAnswer } from '../../components/answers/answer-content';
import { AnswerSummary, seekAndPlay, SummaryOverview } from '../../components/answers/answer-summary';
import { commonMessages } from '../../config/messages';
import { paths } from '../../config/paths';
import { session } from '../../lib/session';
import { PageTitle } from '../../components/page-title';

/**
 * A shared candidate (spec §2 Public): the answers with transcripts, to anyone with the link, each
 * in its form (issue 39: text, options picked, a file, audio; the components the team's page uses). A
 * signed-in member who can open the candidate goes to the full detail page instead. When the company
 * shows summaries on the share page (issue 41), each answer has its machine-written summary and the
 * candidate their overview, each point playing the answer from the second it cites.
 */
const PublicAnswer = ({
  answer,
  question,
  number,
  transcripts,
  onPlayer,
}: {
  answer: PublicCandidate['answers'][number];
  question: PublicCandidate['questions'][number] | undefined;
  number: number;
  transcripts: ReturnType<typeof usePublicTranscripts>['data'];
  /** Its player, for the overview's "Check the answer". */
  onPlayer: (answerId: string, element: HTMLMediaElement | null) => void;
}) => {
  const video = useRef<HTMLMediaElement>(null);
  const { answerId } = answer;
  const setPlayer = useCallback(
    (element: HTMLMediaElement | null) => {
      video.current = element;
      onPlayer(answerId, element);
    },
    [answerId, onPlayer],
  );
  return (
    <Card variation="outlined" as="section" aria-label={`Answer ${number}`}>
      <Flex direction="column" gap="small">
        <Heading level={5}>{question?.title || `Question ${answer.questionIndex + 1}`}</Heading>
        {question?.content && <Text whiteSpace="pre-wrap">{question.content}</Text>}
        {hasRecording(answer) && (
          <AnswerPlayer ref={setPlayer} answer={answer} kind={answer.answerType === 'audio' ? 'audio' : 'video'} label={`Answer ${number}`} />
        )}
        <TypedAnswer answer={answer} label={`Answer ${number}: options`} />
        {hasRecording(answer) && answer.video.uploadStatus !== 'failed' && (
          <AnswerSummary summary={answer.summary} headingLevel={6} onCheck={(second) => video.current && seekAndPlay(video.current, second)} />
        )}
        {hasRecording(answer) && answer.video.uploadStatus !== 'failed' && (
          <Transcript transcript={transcripts?.answerTranscripts.find((t) => t.answerId === answer.answerId)} video={video} />
        )}
      </Flex>
    </Card>
  );
};

const PublicCandidateScreen = () => {
  const { publicCandidateId = '' } = useParams();
  const navigate = useNavigate();
  const [checking, setChecking] = useState(() => session.get() !== null);
  const candidate = usePublicCandidate(publicCandidateId);
  const transcripts = usePublicTranscripts(publicCandidateId);
  // Each answer's player, for the overview's lines.
  const players = useRef(new Map<string, HTMLMediaElement>());
  const onPlayer = useCallback((answerId: string, element: HTMLMediaElement | null) => {
    if (element) players.current.set(answerId, element);
    else players.current.delete(answerId);
  }, []);

  useEffect(() => {
    if (!session.get()) return;
    let active = true;
    accessStatus(publicCandidateId)
      .then((status) => {
        if (active && status.canAccess && status.candidate) {
          const { companyId, positionId, candidateId } = status.candidate;
          navigate(paths.candidate.to(companyId, positionId, candidateId), { replace: true });
        }
      })
      .catch(() => undefined) // not a member, or a stale session: the public page it is
      .finally(() => active && setChecking(false));
    return () => {
      active = false;
    };
  }, [publicCandidateId, navigate]);

  const body = () => {
    if (candidate.error) {
      return (
        // The alert's heading is the page's one h1, looking as the alert draws it.
        <Alert variation="error" heading={<h1 style={{ font: 'inherit', margin: 0 }}>This link does not work</h1>}>
          {candidate.error instanceof ApiError && candidate.error.status === 404
            ? 'The candidate is not shared any more, or the link is wrong.'
            : commonMessages.retrieveDataFailed}
        </Alert>
      );
    }
    if (!candidate.data || checking) return <Loader variation="linear" />;
    const c = candidate.data;
    const answers = [...c.answers].sort((a, b) => a.questionIndex - b.questionIndex);
    const colors = themeColors(c.theme);
    return (
      <Flex direction="column" gap="medium">
        {colors && (
          <Flex
            alignItems="center"
            gap="small"
            padding="small medium"
            borderRadius="medium"
            data-testid="brand-header"
            style={{ background: colors.primary, color: colors.onPrimary, borderBottom: `4px solid ${colors.secondary}` }}
          >
            {c.logoHref ? (
              <Image src={c.logoHref} alt={`${c.companyName} logo`} height="40px" maxWidth="200px" objectFit="contain" />
            ) : (
              <Text fontWeight="bold" color="inherit">
                {c.companyName}
              </Text>
            )}
          </Flex>
        )}
        <View>
          <PageTitle>{c.candidateName}</PageTitle>
          <Text color="font.secondary">
            {c.jobTitle} · {c.companyName}
          </Text>
        </View>
        {answers.length === 0 && <Text>No answers yet.</Text>}
        <SummaryOverview
          overview={c.summaryOverview}
          answerNumber={(questionIndex) => {
            const at = answers.findIndex((a) => a.questionIndex === questionIndex && hasRecording(a));
            return at < 0 ? null : at + 1;
          }}
          onCheck={(questionIndex, second) => {
            const target = answers.find((a) => a.questionIndex === questionIndex);
            const element = target && players.current.get(target.answerId);
            if (!element) return;
            element.scrollIntoView({ block: 'center' });
            seekAndPlay(element, second);
          }}
        />
        {answers.map((answer, i) => (
          <PublicAnswer
            key={answer.answerId}
            answer={answer}
            question={c.questions[answer.questionIndex]}
            number={i + 1}
            transcripts={transcripts.data}
            onPlayer={onPlayer}
          />
        ))}
      </Flex>
    );
  };

  return (
    <View as="main" minHeight="100vh" backgroundColor="background.secondary" padding="medium">
      <View maxWidth="880px" margin="0 auto">
        {body()}
      </View>
    </View>
  );
};
export default PublicCandidateScreen;
