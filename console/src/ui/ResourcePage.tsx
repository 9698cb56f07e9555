import './controls.css';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useId, useState, type Key, type ReactNode } from 'react';
import { Button } from 'react-aria-components';
import type { Permission } from '../app/permissions';
import { FormDialog } from './FormDialog';
import { GuardedButton } from './GuardedButton';
import { TypedConfirmDialog } from './TypedConfirmDialog';

/**
 * The kit of the console's list pages (projects, archive, admin, configure, insights): one query per list, a table
 * of its rows, a form dialog to create or edit one, a typed-name dialog to delete one, and buttons disabled with the
 * permission they need.
 */

/** What a table shows: the rows once loaded, whether a fetch is under way, and the last fetch's failure. */
export interface ListState<Row> {
  rows: Row[] | undefined;
  isFetching: boolean;
  error: Error | null;
}

/** A column: its header and what each row shows in it. */
export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
}

/** A row that opens more below it: its button says `show` / `hide`, and names the row by `of`. */
export interface RowDetails<Row> {
  show: string;
  hide: string;
  of: (row: Row) => string;
  render: (row: Row) => ReactNode;
}

/**
 * A list from the API and what its page does with it: `load` fetches (cached under `queryKey`), `rows` picks the
 * list out of the answer; `create`/`edit` open the form (`editing`), `done` closes it and refetches; `askDelete`
 * opens `deleteDialog`, which asks for `nameOf` the row to be typed before `remove`.
 */
export function useResource<Answer, Row>({
  queryKey,
  load,
  rows,
  remove,
  nameOf,
  enabled,
}: {
  queryKey: string;
  load: () => Promise<Answer>;
  rows: (answer: Answer) => Row[];
  /** False while the list may not be read (the caller lacks its permission): no request is made. */
  enabled?: boolean;
  remove?: (row: Row) => Promise<unknown>;
  nameOf?: (row: Row) => string;
}) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: [queryKey], queryFn: load, enabled });
  const [editing, setEditing] = useState<Row | 'new'>();
  const [deleting, setDeleting] = useState<Row>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: [queryKey] });
  const removal = useMutation({
    mutationFn: async (row: Row) => remove?.(row),
    onSuccess: () => setDeleting(undefined),
    onSettled: refresh,
  });
  const list: ListState<Row> = { rows: query.data && rows(query.data), isFetching: query.isFetching, error: query.error };
  return {
    query,
    list,
    refresh,
    /** The row in the form, `'new'` for a new one, nothing when the form is closed. */
    editing,
    /** The row in the form, nothing for a new one (what the form's `existing` prop takes). */
    edited: editing === 'new' ? undefined : editing,
    create: () => setEditing('new'),
    edit: (row: Row) => setEditing(row),
    done: () => (setEditing(undefined), refresh()),
    askDelete: (row: Row) => setDeleting(row),
    deleteDialog: deleting !== undefined && remove && nameOf && (
      <TypedConfirmDialog
        action="Delete"
        name={nameOf(deleting)}
        error={removal.error}
        onConfirm={() => removal.mutate(deleting)}
        onCancel={() => setDeleting(undefined)}
      />
    ),
  };
}

/** A write on one row besides edit and delete (unlock, revive, deprecate): refetches the list, then says how it went. */
export function useRowWrite<Row>(write: (row: Row) => Promise<unknown>, refresh: () => unknown, said?: (row: Row) => string) {
  const [outcome, setOutcome] = useState<{ status?: string; problem?: string }>({});
  const mutation = useMutation({
    mutationFn: write,
    onSuccess: (_, row) => setOutcome({ status: said?.(row) }),
    onError: (error) => setOutcome({ problem: error.message }),
    onSettled: refresh,
  });
  return { run: mutation.mutate, ...outcome };
}

/** A list page: heading with its create button, notices, the table (or what to do when it is empty), then `children`. */
export function ResourcePage<Row>({
  title,
  tableLabel = title,
  create,
  list,
  columns,
  rowKey,
  actions,
  actionsLabel = 'Actions',
  details,
  empty,
  status,
  problem,
  toolbar,
  children,
}: {
  title: string;
  tableLabel?: string;
  create?: { label: string; permission: Permission; onPress: () => void };
  list: ListState<Row>;
  columns: Column<Row>[];
  rowKey: (row: Row) => Key;
  actions?: (row: Row) => ReactNode;
  actionsLabel?: string;
  details?: RowDetails<Row>;
  empty?: string;
  /** A result worth saying (role status). */
  status?: string;
  /** A failure besides the list's own (role alert). */
  problem?: string;
  toolbar?: ReactNode;
  children?: ReactNode;
}) {
  const headingId = useId();
  const [open, setOpen] = useState<Key>();
  const failure = list.error?.message ?? problem;
  const withActions = actions !== undefined || details !== undefined;
  return (
    <section aria-labelledby={headingId} className="page">
      <div className="page-header">
        <h1 id={headingId}>{title}</h1>
        {create && (
          <GuardedButton permission={create.permission} className="button primary" onPress={create.onPress}>
            {create.label}
          </GuardedButton>
        )}
      </div>
      {toolbar}
      {status && (
        <p role="status" className="notice">
          {status}
        </p>
      )}
      {failure && (
        <p role="alert" className="notice error">
          {failure}
        </p>
      )}
      <div className="table-wrap">
        <table className="table" aria-label={tableLabel} aria-busy={list.isFetching}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col">
                  {column.header}
                </th>
              ))}
              {withActions && (
                <th scope="col">
                  <span className="visually-hidden">{actionsLabel}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {(list.rows ?? []).map((row) => {
              const key = rowKey(row);
              return (
                <Fragment key={key}>
                  <tr>
                    {columns.map((column) => (
                      <td key={column.header}>{column.cell(row)}</td>
                    ))}
                    {withActions && (
                      <td className="actions">
                        {details && (
                          <Button
                            className="button quiet"
                            aria-expanded={open === key}
                            onPress={() => setOpen(open === key ? undefined : key)}
                          >
                            {open === key ? details.hide : details.show}
                            <span className="visually-hidden"> of {details.of(row)}</span>
                          </Button>
                        )}
                        {actions?.(row)}
                      </td>
                    )}
                  </tr>
                  {details && open === key && (
                    <tr>
                      <td colSpan={columns.length + 1}>{details.render(row)}</td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
      {empty && list.rows?.length === 0 && (
        <div className="empty">
          <p>{empty}</p>
        </div>
      )}
      {children}
    </section>
  );
}

/** A row's button, named "<label> <name>" (or `accessibleName`), disabled with the permission it needs. */
export function RowAction({
  label,
  name,
  accessibleName = `${label} ${name}`,
  permission,
  danger,
  onPress,
}: {
  label: string;
  name: string;
  accessibleName?: string;
  permission: Permission;
  danger?: boolean;
  onPress: () => void;
}) {
  return (
    <GuardedButton
      permission={permission}
      className={danger ? 'button quiet danger' : 'button quiet'}
      onPress={onPress}
      aria-label={accessibleName}
    >
      {label}
    </GuardedButton>
  );
}

/**
 * The form that creates a `noun` ("New <noun>", "Create <noun>") or edits the one named `existing` ("Edit
 * <existing>", "Save"); `save` writes, then `onDone` closes it. The API's refusal shows in the dialog.
 */
export function ResourceForm({
  noun,
  existing,
  save,
  onDone,
  children,
}: {
  noun: string;
  existing?: string;
  save: () => Promise<unknown>;
  onDone: () => void;
  children: ReactNode;
}) {
  const saving = useMutation({ mutationFn: save, onSuccess: onDone });
  return (
    <FormDialog
      title={existing === undefined ? `New ${noun}` : `Edit ${existing}`}
      submitLabel={existing === undefined ? `Create ${noun}` : 'Save'}
      pending={saving.isPending}
      error={saving.error}
      onSubmit={() => saving.mutate()}
      onCancel={onDone}
    >
      {children}
    </FormDialog>
  );
}
