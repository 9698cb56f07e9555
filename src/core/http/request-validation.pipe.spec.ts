import { IsOptional, validateSync } from 'class-validator';
import { DEFAULT_LIMITS } from '../config/flagwright-config.js';
import { AppError } from '../errors/app-error.js';
import { pointer, type Problems } from './input-problems.js';
import { IgnoreUnknownTopLevelProperties, ListBody, RequestValidationPipe } from './request-validation.pipe.js';
import { Details, Rule, type ValidationContext } from './rule.decorator.js';

/** Each item must be a short string; the list may hold at most `segmentsPerStrategy` items (any configured limit would do). */
function checkTags(input: unknown, path: string, problems: Problems, { limits }: ValidationContext): void {
  if (!Array.isArray(input)) return problems.invalid(path, 'must be array', input);
  if (input.length > limits.segmentsPerStrategy) problems.overLimit(path, limits.segmentsPerStrategy, 'tags', input.length);
  input.forEach((tag, index) => {
    if (typeof tag !== 'string' || tag.length > 3) problems.invalid(pointer(path, index), 'must be a string of at most 3 characters', tag);
  });
}

class TaggedBody {
  @Rule('label', (label) => (typeof label === 'string' ? undefined : 'must be a string'))
  label: string;

  @Details('tags', checkTags)
  tags: string[];
}

/** A body that is itself the list of tags. */
@ListBody()
class TagListBody {
  @Details('tags', checkTags)
  items: string[];
}

async function detailsOf(pipe: RequestValidationPipe, body: unknown, metatype: new () => object = TaggedBody) {
  try {
    await pipe.transform(body, { type: 'body', metatype });
    return [];
  } catch (error) {
    return (error as AppError).details;
  }
}

describe('RequestValidationPipe with @Details rules', () => {
  const pipe = new RequestValidationPipe({ limits: DEFAULT_LIMITS });

  it('reports each problem a rule finds inside the value under its own pointer, in property order', async () => {
    expect(await detailsOf(pipe, { label: 1, tags: ['ok', 'long', 7] })).toEqual([
      { path: '/body/label', message: 'The `/body/label` property must be a string. You sent 1.' },
      { path: '/body/tags/1', message: 'The `/body/tags/1` property must be a string of at most 3 characters. You sent "long".' },
      { path: '/body/tags/2', message: 'The `/body/tags/2` property must be a string of at most 3 characters. You sent 7.' },
    ]);
    expect(await detailsOf(pipe, { label: 'x', tags: ['a'] })).toEqual([]);
  });

  it('reads the limits of the configuration the pipe is built with', async () => {
    const body = { label: 'x', tags: ['a', 'b', 'c'] };
    expect(await detailsOf(pipe, body)).toEqual([]);
    const strict = new RequestValidationPipe({ limits: { ...DEFAULT_LIMITS, segmentsPerStrategy: 2 } });
    expect(await detailsOf(strict, body)).toEqual([
      {
        path: '/body/tags',
        message: 'The `/body/tags` property must not have more than 2 tags (the configured limit is 2). You sent 3.',
      },
    ]);
  });

  it('hands a @ListBody DTO the array body, its rules reporting under the body pointer', async () => {
    expect(await detailsOf(pipe, ['ok', 'long'], TagListBody)).toEqual([
      { path: '/body/1', message: 'The `/body/1` property must be a string of at most 3 characters. You sent "long".' },
    ]);
    expect(await detailsOf(pipe, { tags: [] }, TagListBody)).toEqual([
      { path: '/body', message: 'The `/body` property must be array. You sent {"tags":[]}.' },
    ]);
    expect(await pipe.transform(['a'], { type: 'body', metatype: TagListBody })).toEqual(
      Object.assign(new TagListBody(), { items: ['a'] }),
    );
  });

  it('refuses to run a @Details rule without the context the pipe provides', () => {
    const body = Object.assign(new TaggedBody(), { label: 'x', tags: [] });
    expect(() => validateSync(body)).toThrow('A @Details rule ran outside withValidationContext');
  });
});

const digits = (value: unknown) => (typeof value === 'string' && /^\d+$/.test(value) ? undefined : 'must be digits');

/** Query parameters made of @Rule and @IsOptional only: checked without class-validator when they keep every rule. */
class PageQuery {
  @IsOptional()
  @Rule('offset', digits)
  offset?: string;

  @Rule('limit', digits)
  limit: string;
}

@IgnoreUnknownTopLevelProperties()
class LenientPageQuery extends PageQuery {}

describe('RequestValidationPipe with @Rule and @IsOptional only', () => {
  const pipe = new RequestValidationPipe({ limits: DEFAULT_LIMITS });
  const queryOf = (query: unknown, metatype: new () => object = PageQuery) => pipe.transform(query, { type: 'query', metatype });

  it('answers the instance of a query that keeps every rule, a left-out optional parameter unchecked', () => {
    expect(queryOf({ limit: '5' })).toEqual(Object.assign(new PageQuery(), { limit: '5' }));
    expect(queryOf({ offset: '1', limit: '5' })).toBeInstanceOf(PageQuery);
  });

  it('words a broken rule, a required parameter left out and an unknown one as class-validator does', () => {
    const detailsOf = (query: unknown) => {
      try {
        queryOf(query);
        return [];
      } catch (error) {
        return (error as AppError).details;
      }
    };
    expect(detailsOf({ offset: 'x', limit: '5' })).toEqual([
      { path: '/query/offset', message: 'The `/query/offset` property must be digits. You sent "x".' },
    ]);
    expect(detailsOf({ offset: '1' })).toEqual([
      { path: '/query/limit', message: 'The `/query/limit` property is required. It was not present on the data you sent.' },
    ]);
    expect(detailsOf({ limit: '5', other: '1' })?.map((detail) => detail.path)).toEqual(['/query/other']);
  });

  it('leaves a class that extends another one to class-validator, which runs the rules it inherits', () => {
    expect(queryOf({ limit: '5', other: '1' }, LenientPageQuery)).toEqual(Object.assign(new LenientPageQuery(), { limit: '5' }));
    expect(() => queryOf({ offset: 'x', limit: '5' }, LenientPageQuery)).toThrow(AppError);
  });
});
