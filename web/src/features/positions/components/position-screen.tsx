import { Alert, Breadcrumbs, Flex, ToggleButton, ToggleButtonGroup } from '@aws-amplify/ui-react';
import { useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useCompany } from '../../../api/companies';
import { usePosition } from '../../../api/positions';
import { PositionPageSkeleton } from '../../../components/skeleton';
import { paths } from '../../../config/paths';
import { celebrateOnce } from '../../../lib/celebrate';
import { messages } from '../messages';
import { CandidatesView } from './candidates-view';
import { PositionCreatedPanel } from './position-created-panel';
import { QuestionsView } from './questions-view';
import { SettingsView } from './settings-view';
import { PageTitle } from '../../../components/page-title';

type View = 'candidates' | 'questions' | 'settings';
const views: View[] = ['candidates', 'questions', 'settings'];

/** The position page: breadcrumb, its Reports link (issue 40) and the Candidates / Questions / Settings toggle (`view` query). */
const PositionScreen = () => {
  const { companyId = '', positionId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const position = usePosition(positionId);
  const company = useCompany(companyId);
  const view: View = views.includes(params.get('view') as View) ? (params.get('view') as View) : 'candidates';
  const celebrate = params.get('celebrate') === 'true';

  useEffect(() => {
    if (celebrate && position.data) void celebrateOnce(position.data.positionId);
  }, [celebrate, position.data]);

  if (position.error) {
    return (
      <main className="app-main">
        <PageTitle visuallyHidden>Position</PageTitle>
        <Alert variation="error">
          {position.error.status === 404 ? 'This position does not exist or you have no access to it.' : messages.retrieveFailed}
        </Alert>
      </main>
    );
  }
  if (!position.data) return <PositionPageSkeleton />;
  const p = position.data;

  return (
    <main className="app-main">
      <Flex direction="column" gap="medium">
        <Breadcrumbs.Container>
          <Breadcrumbs.Item>
            <Link to={paths.positions.to(companyId, { tab: p.currentStatus })}>Positions</Link>
            <Breadcrumbs.Separator />
          </Breadcrumbs.Item>
          <Breadcrumbs.Item>
            <Breadcrumbs.Link isCurrent>{p.jobTitle}</Breadcrumbs.Link>
          </Breadcrumbs.Item>
        </Breadcrumbs.Container>
        <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
          <PageTitle>{p.jobTitle}</PageTitle>
          <Flex alignItems="center" gap="small" wrap="wrap">
            <Link className="amplify-button amplify-button--small" to={paths.reports.to(companyId, { position: p.positionId })}>
              Reports
            </Link>
            <ToggleButtonGroup
              value={view}
              isExclusive
              isSelectionRequired
              size="small"
              onChange={(value) => setParams({ view: String(value) }, { replace: false })}
              aria-label="Position view"
            >
              <ToggleButton value="candidates">Candidates</ToggleButton>
              <ToggleButton value="questions">Questions</ToggleButton>
              <ToggleButton value="settings">Settings</ToggleButton>
            </ToggleButtonGroup>
          </Flex>
        </Flex>
        {celebrate && p.currentStatus === 'open' && (
          // After the wizard's Finish: the next step (issue 29), until dismissed.
          <PositionCreatedPanel
            position={p}
            onChanged={() => void position.mutate()}
            onDismiss={() => {
              const next = new URLSearchParams(params);
              next.delete('celebrate');
              setParams(next, { replace: true });
            }}
          />
        )}
        {view === 'candidates' && (
          <CandidatesView position={p} evaluation={company.data?.config.isEvaluationEnabled ?? true} onChanged={() => void position.mutate()} />
        )}
        {view === 'questions' && (
          <QuestionsView key={`${p.positionId}-${p.version}`} position={p} onSaved={(saved) => void position.mutate(saved, { revalidate: false })} />
        )}
        {view === 'settings' && (
          <SettingsView
            key={`${p.positionId}-${p.version}-${p.currentStatus}`}
            position={p}
            companyId={companyId}
            onChanged={() => position.mutate()}
          />
        )}
      </Flex>
    </main>
  );
};
export default PositionScreen;
