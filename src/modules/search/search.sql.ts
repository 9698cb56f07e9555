import { containsPattern } from '../../core/database/database.js';
import { LIFECYCLE_STAGES, type ListFilter, type SearchCriteria, type Searcher, type TagRef } from './search.model.js';

/*
 * SQL for feature search, as pure text + parameters (executed by SearchReadModel).
 *
 * A page is found in two steps. First the counts: how many features match (the total) and, for sorts whose
 * leading key has few values (`environment:<name>`, `lastSeenAt` nulls last, favorites first), how many fall in
 * each "bucket" of that key. Inside a bucket the order is an index order, so the page is read from one or two
 * buckets with LIMIT/OFFSET along an index.
 *
 * Each filter has two forms. `probe`: a per-row check (EXISTS on a primary key) for walking an ordered index, the
 * right plan when many features match: the walk stops after offset+limit matches. `drive`: `name IN (subquery)`,
 * which lets the database start from the few matching rows and sort them, the right plan when few match. The read
 * model picks per bucket from the counts; on SQLite it pins the walk to its index (INDEXED BY), because without
 * statistics SQLite would otherwise start from the archived_at index and sort the whole table.
 */

export type FilterMode = 'probe' | 'drive';
export type View = 'active' | 'archived' | 'mixed';

/** Collects named parameters while a statement is built. */
export class SqlParams {
  readonly values: Record<string, unknown> = {};
  private next = 0;

  add(value: unknown): string {
    const name = `p${this.next++}`;
    this.values[name] = value;
    return `:${name}`;
  }

  list(values: unknown[]): string {
    const name = `p${this.next++}`;
    this.values[name] = values;
    return `(:...${name})`;
  }
}

export interface Dialect {
  isPostgres: boolean;
  toTimestamp(date: Date): unknown;
}

export interface Bucket {
  /** Extra condition of the bucket, per filter form; undefined for "every row". */
  where?: (mode: FilterMode, params: SqlParams) => string;
  /** Whether `where` can drive a query (it names rows by an index). */
  drivable: boolean;
  /** The bucket holds few rows (the caller's favorites): reading them all beats walking. */
  few?: boolean;
  /** Which features are in it changes with SDK traffic (last-seen times): its size is never kept. */
  seen?: boolean;
  /** ORDER BY inside the bucket, and the SQLite index that yields it on the active view. */
  orderBy: string;
  index?: string;
}

/** How the result is ordered: buckets in order, each ordered along an index. */
export interface SortPlan {
  buckets: Bucket[];
}

const STAGE_RANK = `CASE l.stage ${LIFECYCLE_STAGES.map((stage, rank) => `WHEN '${stage}' THEN ${rank}`).join(' ')} ELSE -1 END`;
/** An active feature's current lifecycle stage: the latest one entered (an archived feature's is `archived`). */
const CURRENT_STAGE = `(SELECT l.stage FROM flagwright_feature_lifecycles l WHERE l.feature_name = f.name ORDER BY l.created_at DESC, ${STAGE_RANK} DESC LIMIT 1)`;

/** Which features are in view: active ones, archived ones, or both (lifecycle including `archived`). */
export function viewOf(criteria: SearchCriteria, mode: FilterMode, params: SqlParams, dialect: Dialect): { view: View; where: string } {
  // SQLite: `+` keeps the planner from starting a driven query at the archived_at index (it would scan the view).
  const archivedAt = mode === 'drive' && !dialect.isPostgres ? '+f.archived_at' : 'f.archived_at';
  const lifecycle = criteria.lifecycle;
  if (!lifecycle)
    return criteria.archived
      ? { view: 'archived', where: `${archivedAt} IS NOT NULL` }
      : { view: 'active', where: `${archivedAt} IS NULL` };
  const listsArchived = lifecycle.values.includes('archived');
  const stages = lifecycle.values.filter((stage) => stage !== 'archived');
  if (lifecycle.include) {
    // Inclusion: active flags in the listed stages, plus every archived flag when `archived` is listed.
    // An archived flag is in stage `archived`: with `archived=IS:true`, only listing that stage finds any.
    if (criteria.archived) return { view: 'archived', where: listsArchived ? `${archivedAt} IS NOT NULL` : '1 = 0' };
    if (!listsArchived) return { view: 'active', where: `${archivedAt} IS NULL AND ${CURRENT_STAGE} IN ${params.list(stages)}` };
    return stages.length
      ? { view: 'mixed', where: `(${archivedAt} IS NOT NULL OR ${CURRENT_STAGE} IN ${params.list(stages)})` }
      : { view: 'archived', where: `${archivedAt} IS NOT NULL` };
  }
  // Exclusion: active flags not in the listed stages (a flag without stage is in none); `archived=IS:true` wins.
  if (criteria.archived && !listsArchived) return { view: 'archived', where: `${archivedAt} IS NOT NULL` };
  return {
    view: 'active',
    where: stages.length
      ? `${archivedAt} IS NULL AND COALESCE(${CURRENT_STAGE}, '') NOT IN ${params.list(stages)}`
      : `${archivedAt} IS NULL`,
  };
}

/** The filters of the criteria (the view aside), ANDed; `drivable` says whether one of them can drive a query. */
export function filtersOf(
  criteria: SearchCriteria,
  searcher: Searcher,
  mode: FilterMode,
  params: SqlParams,
  dialect: Dialect,
): { conditions: string[]; drivable: boolean } {
  const conditions: string[] = [];
  let drivable = false;
  const setFilter = (column: string, filter: { include: boolean; values: unknown[] } | undefined, nullable = false) => {
    if (!filter) return;
    if (filter.include) {
      // One value as an equality, so an index on the column is walked in its order.
      conditions.push(
        filter.values.length === 1 ? `${column} = ${params.add(filter.values[0])}` : `${column} IN ${params.list(filter.values)}`,
      );
      drivable = true;
    } else {
      conditions.push(
        nullable
          ? `(${column} IS NULL OR ${column} NOT IN ${params.list(filter.values)})`
          : `${column} NOT IN ${params.list(filter.values)}`,
      );
    }
  };

  if (criteria.terms.length) {
    const terms = termCondition(criteria.terms, mode, params, dialect);
    conditions.push(terms.sql);
    drivable ||= terms.drivable;
  }
  setFilter('f.project', criteria.project);
  setFilter('f.type', criteria.type);
  setFilter('f.created_by_user_id', criteria.createdBy, true);
  if (criteria.state) {
    const states = criteria.state.values.map((state) => {
      if (state === 'active') return 'f.stale = false';
      if (state === 'stale') return 'f.stale = true';
      return '(f.stale = false AND f.potentially_stale = true)';
    });
    const any = `(${states.join(' OR ')})`;
    conditions.push(criteria.state.include ? any : `NOT ${any}`);
  }
  if (criteria.tag) {
    const match = (tag: TagRef) => `(ft.tag_type = ${params.add(tag.type)} AND ft.tag_value = ${params.add(tag.value)})`;
    // A feature has a tag at most once, so matching rows are distinct tags.
    const list = listCondition(criteria.tag, mode, params, {
      rows: `FROM flagwright_feature_tags ft WHERE (${criteria.tag.values.map(match).join(' OR ')})`,
      featureColumn: 'ft.feature_name',
      count: 'COUNT(*)',
    });
    conditions.push(list.sql);
    drivable ||= list.drivable;
  }
  if (criteria.segment) {
    // Segments of any of the feature's strategies, in any environment; several strategies may use one segment.
    const list = listCondition(criteria.segment, mode, params, {
      rows: `FROM flagwright_feature_strategies s JOIN flagwright_feature_strategy_segments fss ON fss.strategy_id = s.id JOIN flagwright_segments sg ON sg.id = fss.segment_id
              WHERE sg.name IN ${params.list(criteria.segment.values)}`,
      featureColumn: 's.feature_name',
      count: 'COUNT(DISTINCT sg.name)',
    });
    conditions.push(list.sql);
    drivable ||= list.drivable;
  }
  if (criteria.status.length) {
    const entries = criteria.status.map(
      (s) => `(fe.environment = ${params.add(s.environment)} AND fe.enabled = ${s.enabled ? 'true' : 'false'})`,
    );
    const rows = `SELECT fe.feature_name FROM flagwright_feature_environments fe WHERE (${entries.join(' OR ')})`;
    conditions.push(mode === 'drive' ? `f.name IN (${rows})` : `EXISTS (${rows} AND fe.feature_name = f.name)`);
    drivable = true;
  }
  if (criteria.createdAt) {
    conditions.push(`f.created_at ${criteria.createdAt.before ? '<' : '>='} ${params.add(dialect.toTimestamp(criteria.createdAt.date))}`);
  }
  if (criteria.lastSeenAt) {
    // As Unleash: per environment the environment's last-seen time, else the feature's; any environment may match.
    const operator = criteria.lastSeenAt.before ? '<' : '>=';
    const date = params.add(dialect.toTimestamp(criteria.lastSeenAt.date));
    conditions.push(
      `(EXISTS (SELECT 1 FROM flagwright_feature_environments fe WHERE fe.feature_name = f.name AND COALESCE(fe.last_seen_at, f.last_seen_at) ${operator} ${date})
        OR (f.last_seen_at ${operator} ${date} AND NOT EXISTS (SELECT 1 FROM flagwright_feature_environments fe WHERE fe.feature_name = f.name)))`,
    );
  }
  if (criteria.favorite !== undefined) {
    if (searcher.userId === undefined) {
      if (criteria.favorite) conditions.push('1 = 0');
    } else {
      const favorite = favoriteCondition(searcher.userId, mode, params);
      conditions.push(criteria.favorite ? favorite : `NOT ${favoriteCondition(searcher.userId, 'probe', params)}`);
      drivable ||= criteria.favorite;
    }
  }
  return { conditions, drivable };
}

export function favoriteCondition(userId: number, mode: FilterMode, params: SqlParams): string {
  const user = params.add(userId);
  return mode === 'drive'
    ? `f.name IN (SELECT ff.feature_name FROM flagwright_favorite_features ff WHERE ff.user_id = ${user})`
    : `EXISTS (SELECT 1 FROM flagwright_favorite_features ff WHERE ff.user_id = ${user} AND ff.feature_name = f.name)`;
}

/**
 * `any`/`none`: has one of / none of the values. `all`/`notAll`: has every one / not every one of them. `rows` is
 * `FROM … WHERE <row matches a value>`, `count` counts the distinct values matched.
 */
function listCondition(
  filter: ListFilter<unknown>,
  mode: FilterMode,
  params: SqlParams,
  source: { rows: string; featureColumn: string; count: string },
): { sql: string; drivable: boolean } {
  const { rows, featureColumn, count } = source;
  const ofFeature = `${rows} AND ${featureColumn} = f.name`;
  switch (filter.mode) {
    case 'any':
      return { sql: mode === 'drive' ? `f.name IN (SELECT ${featureColumn} ${rows})` : `EXISTS (SELECT 1 ${ofFeature})`, drivable: true };
    case 'none':
      return { sql: `NOT EXISTS (SELECT 1 ${ofFeature})`, drivable: false };
    case 'all': {
      const wanted = params.add(filter.values.length);
      return {
        sql:
          mode === 'drive'
            ? `f.name IN (SELECT ${featureColumn} ${rows} GROUP BY ${featureColumn} HAVING ${count} = ${wanted})`
            : `(SELECT ${count} ${ofFeature}) = ${wanted}`,
        drivable: true,
      };
    }
    case 'notAll':
      return { sql: `(SELECT ${count} ${ofFeature}) < ${params.add(filter.values.length)}`, drivable: false };
  }
}

/** A literal substring of the name, the description or a tag (`type:value`), ignoring case; any term suffices. */
function termCondition(terms: string[], mode: FilterMode, params: SqlParams, dialect: Dialect): { sql: string; drivable: boolean } {
  if (dialect.isPostgres) {
    const patterns = terms.map((term) => params.add(containsPattern(term)));
    const ilike = (column: string, pattern: string) => `${column} ILIKE ${pattern} ESCAPE '\\'`;
    if (mode === 'drive') {
      const sources = patterns.flatMap((p) => [
        `SELECT name FROM flagwright_features WHERE ${ilike('name', p)}`,
        `SELECT name FROM flagwright_features WHERE ${ilike('description', p)}`,
        `SELECT feature_name FROM flagwright_feature_tags WHERE ${ilike("(tag_type || ':' || tag_value)", p)}`,
      ]);
      return { sql: `f.name IN (${sources.join(' UNION ')})`, drivable: true };
    }
    const perTerm = patterns.map(
      (p) =>
        `${ilike('f.name', p)} OR ${ilike('f.description', p)} OR EXISTS (SELECT 1 FROM flagwright_feature_tags ft WHERE ft.feature_name = f.name AND ${ilike("(ft.tag_type || ':' || ft.tag_value)", p)})`,
    );
    return { sql: `(${perTerm.join(' OR ')})`, drivable: true };
  }
  // SQLite: flagwright_feature_search_keys.text holds name, description and tags, one per line, lower-cased by lower(); the
  // trigram index over it answers what instr() on it answers, for terms without line breaks.
  const drivable = terms.every(usesTrigramIndex);
  if (mode === 'drive' && drivable) {
    const match = terms.map((term) => `"${asciiLowerCase(term).replace(/"/g, '""')}"`).join(' OR ');
    return {
      sql: `f.name IN (SELECT k.feature_name FROM flagwright_feature_search_fts s JOIN flagwright_feature_search_keys k ON k.id = s.rowid WHERE flagwright_feature_search_fts MATCH ${params.add(match)})`,
      drivable,
    };
  }
  if (terms.every((term) => !/[\n\r]/.test(term))) {
    const found = terms.map((term) => `instr(k.text, ${params.add(asciiLowerCase(term))}) > 0`);
    return {
      sql: `EXISTS (SELECT 1 FROM flagwright_feature_search_keys k WHERE k.feature_name = f.name AND (${found.join(' OR ')}))`,
      drivable,
    };
  }
  // A line break could join two fields of the text: look in each field.
  const perTerm = terms.map((term) => {
    const p = params.add(containsPattern(term));
    const like = (column: string) => `${column} LIKE ${p} ESCAPE '\\'`;
    return `${like('f.name')} OR ${like('f.description')} OR EXISTS (SELECT 1 FROM flagwright_feature_tags ft WHERE ft.feature_name = f.name AND ${like("(ft.tag_type || ':' || ft.tag_value)")})`;
  });
  return { sql: `(${perTerm.join(' OR ')})`, drivable };
}

/** The trigram index answers terms of three characters or more; line breaks separate tags in it. */
export function usesTrigramIndex(term: string): boolean {
  return [...term].length >= 3 && !/[\n\r]/.test(term);
}

/** SQLite's lower(): ASCII letters only, as its LIKE ignores case for ASCII letters only. */
export function asciiLowerCase(text: string): string {
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/** The buckets and in-bucket orders of the requested sort. */
export function sortPlanOf(criteria: SearchCriteria, searcher: Searcher, dialect: Dialect): SortPlan {
  const c = dialect.isPostgres ? ' COLLATE "C"' : '';
  const name = `f.name${c}`;
  const ties = `f.created_at ASC, ${name} ASC`;
  const { by, order } = criteria.sort;
  const dir = order === 'desc' ? 'DESC' : 'ASC';
  let keyBuckets: Bucket[];
  switch (by) {
    case 'createdAt':
      keyBuckets = [
        {
          drivable: false,
          orderBy: `f.created_at ${dir}, ${name} ASC`,
          index: order === 'desc' ? 'flagwright_features_search_created_desc_idx' : 'flagwright_features_search_created_idx',
        },
      ];
      break;
    case 'name':
      keyBuckets = [{ drivable: false, orderBy: `${name} ${dir}`, index: 'flagwright_features_search_name_idx' }];
      break;
    case 'type':
    case 'project':
      keyBuckets = [
        {
          drivable: false,
          orderBy: `f.${by}${c} ${dir}, ${ties}`,
          index: `flagwright_features_search_${by}${order === 'desc' ? '_desc' : ''}_idx`,
        },
      ];
      break;
    case 'stale':
      keyBuckets = [
        {
          drivable: false,
          orderBy: `f.stale ${dir}, ${ties}`,
          index: `flagwright_features_search_stale${order === 'desc' ? '_desc' : ''}_idx`,
        },
      ];
      break;
    case 'lastSeenAt':
      // Nulls last in both directions: the seen ones along the last-seen index, then the never seen.
      keyBuckets = [
        {
          where: () => 'f.last_seen_at IS NOT NULL',
          drivable: false,
          seen: true,
          orderBy: `f.last_seen_at ${dir}, ${ties}`,
          index: `flagwright_features_search_seen${order === 'desc' ? '_desc' : ''}_idx`,
        },
        { where: () => 'f.last_seen_at IS NULL', drivable: false, seen: true, orderBy: ties, index: 'flagwright_features_search_seen_idx' },
      ];
      break;
    case 'environment': {
      // By `enabled` in that environment (desc: enabled first), features without the environment last.
      const inEnvironment = (enabled: boolean) => (mode: FilterMode, params: SqlParams) => {
        const rows = `SELECT fe.feature_name FROM flagwright_feature_environments fe WHERE fe.environment = ${params.add(criteria.sort.environment)} AND fe.enabled = ${enabled}`;
        return mode === 'drive' ? `f.name IN (${rows})` : `EXISTS (${rows} AND fe.feature_name = f.name)`;
      };
      const states = order === 'desc' ? [true, false] : [false, true];
      keyBuckets = [
        ...states.map((enabled) => ({
          where: inEnvironment(enabled),
          drivable: true,
          orderBy: ties,
          index: 'flagwright_features_search_created_idx',
        })),
        {
          where: (_: FilterMode, params: SqlParams) =>
            `NOT EXISTS (SELECT 1 FROM flagwright_feature_environments fe WHERE fe.feature_name = f.name AND fe.environment = ${params.add(criteria.sort.environment)})`,
          drivable: false,
          orderBy: ties,
          index: 'flagwright_features_search_created_idx',
        },
      ];
      break;
    }
  }
  const userId = searcher.userId;
  if (!criteria.favoritesFirst || userId === undefined) return { buckets: keyBuckets };
  const favorites = (favorite: boolean) => (mode: FilterMode, params: SqlParams) =>
    favorite ? favoriteCondition(userId, mode, params) : `NOT ${favoriteCondition(userId, 'probe', params)}`;
  return {
    buckets: [true, false].flatMap((favorite) =>
      keyBuckets.map((bucket) => ({
        ...bucket,
        drivable: favorite || bucket.drivable,
        few: favorite,
        where: (mode: FilterMode, params: SqlParams) =>
          [favorites(favorite)(mode, params), bucket.where?.(mode, params)].filter(Boolean).join(' AND '),
      })),
    ),
  };
}
