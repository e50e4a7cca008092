import { Alert, Badge, Button, Card, Flex, Heading, Tabs, Text } from '@aws-amplify/ui-react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useCompany } from '../../../api/companies';
import { usePositionPages, usePositionsExist, type PositionSummary } from '../../../api/positions';
import { LoadMore } from '../../../components/load-more';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { PageTitle } from '../../../components/page-title';
import { CANDIDATE_STATUSES, type PositionStatus } from '../../../../../lambdas/contracts/vocabulary';

type Tab = PositionStatus;

const POSITIONS_FAILED = 'Unable to retrieve positions at this time. Please contact us.';
const emptyTab: Record<Tab, { title: string; text: string }> = {
  open: { title: 'Open positions', text: 'Interviews are ongoing' },
  closed: { title: 'Closed positions', text: 'Interviews have concluded' },
};

const PositionCard = ({ companyId, position, evaluation }: { companyId: string; position: PositionSummary; evaluation: boolean }) => {
  const statuses = evaluation ? CANDIDATE_STATUSES : CANDIDATE_STATUSES.slice(0, 2);
  const total = Object.values(position.candidates).reduce((sum, n) => sum + n, 0);
  return (
    <Card variation="outlined" padding="medium">
      <Flex direction="column" gap="small">
        <Link to={paths.position.to(companyId, position.positionId)}>
          <Heading level={5}>{position.jobTitle}</Heading>
        </Link>
        {total === 0 ? (
          <Text color="font.secondary">Awaiting candidates to be invited</Text>
        ) : (
          <Flex gap="xs" wrap="wrap">
            {statuses.map((status) => (
              <Link key={status} to={paths.position.to(companyId, position.positionId, { tab: status })} style={{ textDecoration: 'none' }}>
                <Badge size="small">
                  {position.candidates[status]} {status}
                </Badge>
              </Link>
            ))}
          </Flex>
        )}
      </Flex>
    </Card>
  );
};

const wizardHref = (companyId: string) => paths.newPositionWizard.to(companyId, { title: 'Create a position', cancellable: true });

/** Shown when the company has no positions at all. */
const CreatePositionIllustration = ({ companyId }: { companyId: string }) => {
  const navigate = useNavigate();
  return (
    <Flex direction="column" alignItems="center" padding="xxl" gap="medium">
      <svg width="160" height="110" viewBox="0 0 160 110" role="img" aria-label="Create a position">
        <rect
          x="10"
          y="20"
          width="110"
          height="76"
          rx="10"
          fill="var(--amplify-colors-primary-10)"
          stroke="var(--amplify-colors-primary-80)"
          strokeWidth="3"
        />
        <path d="M120 48l30-18v56l-30-18z" fill="var(--amplify-colors-primary-80)" />
        <circle cx="65" cy="58" r="18" fill="var(--amplify-colors-primary-40)" />
        <path d="M65 49v18M56 58h18" stroke="white" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <Button variation="primary" onClick={() => navigate(wizardHref(companyId))}>
        Create a position
      </Button>
    </Flex>
  );
};

const PositionList = ({ companyId, tab }: { companyId: string; tab: Tab }) => {
  const pages = usePositionPages(companyId, tab);
  const company = useCompany(companyId);
  const positions = pages.data?.flatMap((page) => page.positions);
  const hasMore = Boolean(pages.data?.[pages.data.length - 1]?.cursor);
  // Only when this tab is empty: does the other tab have any (else: no positions at all)?
  const other = usePositionsExist(companyId, tab === 'open' ? 'closed' : 'open', positions?.length === 0);
  if (pages.error) return <Alert variation="error">{POSITIONS_FAILED}</Alert>;
  if (!positions) return <PageLoader />;
  if (positions.length === 0 && other.data?.positions.length === 0) return <CreatePositionIllustration companyId={companyId} />;
  if (positions.length === 0) {
    return (
      <Flex direction="column" alignItems="center" padding="xxl" gap="xs">
        <Heading level={5}>{emptyTab[tab].title}</Heading>
        <Text color="font.secondary">{emptyTab[tab].text}</Text>
      </Flex>
    );
  }
  return (
    <Flex direction="column" gap="small">
      {positions.map((position) => (
        <PositionCard
          key={position.positionId}
          companyId={companyId}
          position={position}
          evaluation={company.data?.config.isEvaluationEnabled ?? true}
        />
      ))}
      {hasMore && <LoadMore pages={pages} />}
    </Flex>
  );
};

/** The positions list with Open and Closed tabs (spec §2), the tab kept in the `tab` query. */
const PositionsScreen = () => {
  const { companyId } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const tab: Tab = params.get('tab') === 'closed' ? 'closed' : 'open';
  return (
    <main className="app-main">
      <Flex direction="column" gap="medium">
        <Flex justifyContent="space-between" alignItems="center">
          <PageTitle>Positions</PageTitle>
          <Button variation="primary" onClick={() => navigate(wizardHref(companyId!))}>
            Add position
          </Button>
        </Flex>
        <Tabs
          value={tab}
          onValueChange={(value) => setParams(value === 'closed' ? { tab: 'closed' } : {}, { replace: true })}
          items={[
            // Only the visible tab's list is mounted: one query per shown page.
            { label: 'Open', value: 'open', content: tab === 'open' ? <PositionList companyId={companyId!} tab="open" /> : null },
            { label: 'Closed', value: 'closed', content: tab === 'closed' ? <PositionList companyId={companyId!} tab="closed" /> : null },
          ]}
        />
      </Flex>
    </main>
  );
};
export default PositionsScreen;
