import type { Driver } from 'typeorm';

type Params = Record<string, unknown>;

/** What `:name` parameters TypeORM's drivers recognise (the same expression as theirs). */
const NAMED_PARAMETER = /:(\.\.\.)?([A-Za-z0-9_.]+)/g;
/** Statement texts whose translation is kept; past that the oldest is dropped (texts built from filters vary). */
const KEPT_TEXTS = 1_000;

/** A statement text read once: its placeholders' text, and the parameter each value comes from, in order. */
interface Template {
  text: string;
  keys: string[];
  /** SQLite: the text around each placeholder, where a number is written in. */
  parts: string[];
  /**
   * Names that were not parameters when the text was read (a PostgreSQL cast, `::jsonb`), kept as written: a run
   * that has a parameter of that name is translated by TypeORM.
   */
  literals: string[];
  /** A `:...list` parameter: the text depends on the list's length, so TypeORM translates it every time. */
  hasList: boolean;
}

/**
 * `:name` parameters into the driver's placeholders and values, as the driver's `escapeQueryWithParameters` does,
 * with each statement text read once rather than matched by a regular expression on every run (about 5 µs a
 * statement). Where the text depends on the values otherwise than by SQLite's numbers (which TypeORM writes into the
 * text, and so does this), TypeORM translates it: lists, function values, a parameter missing from `params`, and
 * dates on SQLite.
 */
export class NamedParameters {
  private readonly templates = new Map<string, Template>();

  constructor(
    private readonly driver: Driver,
    private readonly isPostgres: boolean,
  ) {}

  translate(sql: string, params: Params): [string, unknown[]] {
    const template = this.templateOf(sql, params);
    if (template.hasList || template.literals.some((name) => Object.hasOwn(params, name)))
      return this.driver.escapeQueryWithParameters(sql, params);
    const { keys } = template;
    const values: unknown[] = [];
    let numbers = false;
    for (const key of keys) {
      const value = params[key];
      if (!Object.hasOwn(params, key) || typeof value === 'function') return this.driver.escapeQueryWithParameters(sql, params);
      if (this.isPostgres) values.push(value);
      else if (typeof value === 'number') numbers = true;
      else if (typeof value === 'boolean') values.push(value ? 1 : 0);
      else if (value instanceof Date) return this.driver.escapeQueryWithParameters(sql, params);
      else values.push(value);
    }
    if (!numbers) return [template.text, values];
    // SQLite: TypeORM writes numbers into the text.
    let text = template.parts[0];
    keys.forEach((key, index) => {
      const value = params[key];
      text += (typeof value === 'number' ? String(value) : '?') + template.parts[index + 1];
    });
    return [text, values];
  }

  /** The template of `sql`, read with the names `params` has the first time the text is seen. */
  private templateOf(sql: string, params: Params): Template {
    const known = this.templates.get(sql);
    if (known) return known;
    const keys: string[] = [];
    const literals: string[] = [];
    const parts: string[] = [];
    let hasList = false;
    let text = '';
    let from = 0;
    for (const match of sql.matchAll(NAMED_PARAMETER)) {
      const [written, list, key] = match;
      if (!Object.hasOwn(params, key)) {
        literals.push(key);
        continue;
      }
      if (list) hasList = true;
      const before = sql.slice(from, match.index);
      from = match.index + written.length;
      parts.push(before);
      // PostgreSQL numbers its placeholders and names a repeated parameter by its first number; SQLite's are all `?`.
      if (!this.isPostgres) {
        keys.push(key);
        text += `${before}?`;
      } else {
        const index = keys.indexOf(key);
        text += `${before}$${index >= 0 ? index + 1 : keys.push(key)}`;
      }
    }
    parts.push(sql.slice(from));
    text += sql.slice(from);
    const template = { text, keys, parts, literals, hasList };
    if (this.templates.size >= KEPT_TEXTS) this.templates.delete(this.templates.keys().next().value!);
    this.templates.set(sql, template);
    return template;
  }
}
