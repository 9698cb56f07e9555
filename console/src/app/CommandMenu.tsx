import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import {
  Autocomplete,
  Dialog,
  Header,
  Input,
  Label,
  Menu,
  MenuItem,
  MenuSection,
  Modal,
  ModalOverlay,
  SearchField,
} from 'react-aria-components';
import { useNavigate } from 'react-router';
import { api, data } from '../api/client';
import { NAVIGATION } from './navigation';

interface Target {
  id: string;
  label: string;
  to: string;
}

/** Ctrl/Cmd-K: jump to any flag, project (its overview or settings) or page by name. Flags are found by the search API, ten at a time. */
export default function CommandMenu({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const query = useDeferredValue(text.trim());
  const flags = useQuery({
    queryKey: ['command-menu', 'flags', query],
    queryFn: () => data(api.GET('/api/admin/search/features', { params: { query: { query, limit: '10' } } })),
    enabled: query.length > 0,
    refetchInterval: false,
  });
  const projects = useQuery({ queryKey: ['projects'], queryFn: () => data(api.GET('/api/admin/projects')), refetchInterval: false });
  const matches = (label: string) => label.toLowerCase().includes(query.toLowerCase());
  const pages: Target[] = NAVIGATION.filter((item) => matches(item.label)).map((item) => ({
    id: `page:${item.to}`,
    label: item.label,
    to: item.to,
  }));
  const flagTargets: Target[] = (flags.data?.features ?? []).map((flag) => ({
    id: `flag:${flag.project}/${flag.name}`,
    label: flag.name,
    to: `/flags/${encodeURIComponent(flag.project)}/${encodeURIComponent(flag.name)}`,
  }));
  const projectTargets: Target[] = (projects.data?.projects ?? [])
    .filter((project) => matches(project.name) || matches(project.id))
    .slice(0, 5)
    .flatMap((project) => [
      { id: `project:${project.id}`, label: project.name, to: `/projects/${encodeURIComponent(project.id)}` },
      {
        id: `project-settings:${project.id}`,
        label: `${project.name} settings`,
        to: `/projects/${encodeURIComponent(project.id)}/settings`,
      },
    ]);
  const sections = [
    { name: 'Flags', items: flagTargets },
    { name: 'Projects', items: projectTargets },
    { name: 'Pages', items: pages },
  ].filter((section) => section.items.length > 0);
  const targets = new Map(sections.flatMap((section) => section.items.map((item) => [item.id, item.to] as const)));

  return (
    <ModalOverlay isOpen isDismissable onOpenChange={(open) => !open && onClose()} className="overlay">
      <Modal className="modal command-menu">
        <Dialog aria-label="Command menu">
          <Autocomplete inputValue={text} onInputChange={setText}>
            <SearchField autoFocus aria-label="Search flags, projects and pages" className="field">
              <Label className="visually-hidden">Search flags, projects and pages</Label>
              <Input placeholder="Search flags, projects and pages…" />
            </SearchField>
            <Menu
              className="command-results"
              aria-label="Results"
              renderEmptyState={() => <p className="muted">{flags.isFetching ? 'Searching…' : 'Nothing found.'}</p>}
              onAction={(key) => {
                const to = targets.get(String(key));
                if (to) {
                  onClose();
                  navigate(to);
                }
              }}
            >
              {sections.map((section) => (
                <MenuSection key={section.name} id={section.name}>
                  <Header>{section.name}</Header>
                  {section.items.map((item) => (
                    <MenuItem key={item.id} id={item.id} textValue={item.label}>
                      {item.label}
                    </MenuItem>
                  ))}
                </MenuSection>
              ))}
            </Menu>
          </Autocomplete>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
