import './project.css';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { useNavigate, useParams } from 'react-router';
import { AccessSettings } from './AccessSettings';
import { EnvironmentSettings } from './EnvironmentSettings';
import { GeneralSettings } from './GeneralSettings';
import { ProjectHeader, useProjectOverview } from './ProjectHeader';
import { TokenSettings } from './TokenSettings';

const TABS = [
  { id: 'general', label: 'General' },
  { id: 'environments', label: 'Environments' },
  { id: 'access', label: 'Members and groups' },
  { id: 'api-tokens', label: 'API tokens' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** A project's settings, one tab each, the open tab in the URL (/projects/:projectId/settings/:tab). */
export default function ProjectSettingsPage() {
  const { projectId = '', tab } = useParams();
  const navigate = useNavigate();
  const overview = useProjectOverview(projectId);
  const selected: TabId = TABS.find((candidate) => candidate.id === tab)?.id ?? 'general';
  return (
    <section className="page" aria-labelledby="project-heading">
      <ProjectHeader projectId={projectId} overview={overview} current="settings" />
      {overview.data && (
        <Tabs
          className="tabs"
          selectedKey={selected}
          onSelectionChange={(key) => navigate(`/projects/${encodeURIComponent(projectId)}/settings/${String(key)}`, { replace: true })}
        >
          <TabList className="tab-list" aria-label="Project settings">
            {TABS.map(({ id, label }) => (
              <Tab key={id} id={id} className="tab">
                {label}
              </Tab>
            ))}
          </TabList>
          <TabPanel id="general" className="tab-panel">
            <GeneralSettings projectId={projectId} project={overview.data} />
          </TabPanel>
          <TabPanel id="environments" className="tab-panel">
            <EnvironmentSettings projectId={projectId} />
          </TabPanel>
          <TabPanel id="access" className="tab-panel">
            <AccessSettings projectId={projectId} />
          </TabPanel>
          <TabPanel id="api-tokens" className="tab-panel">
            <TokenSettings projectId={projectId} />
          </TabPanel>
        </Tabs>
      )}
    </section>
  );
}
