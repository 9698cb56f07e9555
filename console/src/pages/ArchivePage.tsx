import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { api, data } from '../api/client';
import { usePermission } from '../app/permissions';
import { Pager } from '../ui/Pager';
import { ResourcePage, RowAction, useResource, useRowWrite } from '../ui/ResourcePage';

const PAGE_SIZE = 25;

/** A page of archived flags by name, from the search API (the console never loads all flags). */
const listArchived = (offset: number) =>
  data(
    api.GET('/api/admin/search/features', {
      params: { query: { archived: 'IS:true', offset: String(offset), limit: String(PAGE_SIZE), sortBy: 'name' } },
    }),
  );
type ArchivedFlag = Awaited<ReturnType<typeof listArchived>>['features'][number];

/** Archived flags, a page at a time (the page in the URL): revive one to use it again, or delete it for good. */
export default function ArchivePage() {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const offset = Number(params.get('offset') ?? 0) || 0;
  const canRevive = usePermission('UPDATE_FEATURE');
  const canDelete = usePermission('DELETE_FEATURE');
  const archived = useResource({
    queryKey: `archive:${offset}`,
    load: () => listArchived(offset),
    rows: (answer) => answer.features,
    remove: (flag: ArchivedFlag) => data(api.DELETE('/api/admin/archive/{featureName}', { params: { path: { featureName: flag.name } } })),
    nameOf: (flag) => flag.name,
  });
  const revive = useRowWrite(
    async (flag: ArchivedFlag) => {
      await data(api.POST('/api/admin/archive/revive/{featureName}', { params: { path: { featureName: flag.name } } }));
      void queryClient.invalidateQueries({ queryKey: ['search'] });
    },
    archived.refresh,
    (flag) => `${flag.name} is back in ${flag.project}.`,
  );

  return (
    <ResourcePage
      title="Archive"
      tableLabel="Archived flags"
      list={archived.list}
      status={revive.status}
      problem={revive.problem}
      rowKey={(flag) => flag.name}
      columns={[
        {
          header: 'Name',
          cell: (flag) => (
            <>
              {flag.name}
              {flag.description && <div className="muted small">{flag.description}</div>}
            </>
          ),
        },
        { header: 'Project', cell: (flag) => flag.project },
        { header: 'Type', cell: (flag) => flag.type },
        { header: 'Archived', cell: (flag) => (flag.archivedAt ? new Date(flag.archivedAt).toLocaleString() : '—') },
      ]}
      actions={(flag) => (
        <>
          <RowAction label="Revive" name={flag.name} permission={canRevive} onPress={() => revive.run(flag)} />
          <RowAction label="Delete" name={flag.name} permission={canDelete} danger onPress={() => archived.askDelete(flag)} />
        </>
      )}
      empty="No archived flags. Archive a flag from its page once its code is gone."
    >
      <Pager
        offset={offset}
        pageSize={PAGE_SIZE}
        total={archived.query.data?.total ?? 0}
        noun="archived flags"
        onOffset={(next) => setParams(next ? { offset: String(next) } : {})}
      />
      {archived.deleteDialog}
    </ResourcePage>
  );
}
