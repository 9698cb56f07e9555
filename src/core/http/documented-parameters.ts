import type { PipeTransform, Type } from '@nestjs/common';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { DECORATORS } from '@nestjs/swagger';

/** A route's parameter decorators as Nest records them: `<type>:<index>` → where the argument is read from. */
export type RouteArguments = Record<string, { index: number; data?: string; pipes?: (PipeTransform | Type<PipeTransform>)[] }>;

type Parameter = { type?: unknown; name?: string; in: string; required?: boolean } & Record<string, unknown>;

const LOCATION: Partial<Record<RouteParamtypes, string>> = {
  [RouteParamtypes.BODY]: 'body',
  [RouteParamtypes.PARAM]: 'path',
  [RouteParamtypes.QUERY]: 'query',
  [RouteParamtypes.HEADERS]: 'header',
};

/**
 * The parameters `@nestjs/swagger` documents for a route from its parameter decorators and its explicit ones
 * (`@ApiBody`, `@ApiQuery`, `@ApiHeader`...), as explicit parameters: `takeOverRoutes` gives Nest a route that
 * takes only the request and the response, which swagger would find nothing in. Derived as swagger derives them:
 * a body by its class, a path parameter, header or named query by its name, a query class as one parameter per
 * documented property; an explicit parameter of the same place and name (any explicit body, for the body) adds to
 * or replaces what was derived, and comes after the derived ones otherwise.
 */
export function documentedParameters(routeArguments: RouteArguments, types: unknown[], explicit: Parameter[] = []): Parameter[] {
  const derived = Object.keys(routeArguments)
    .reverse()
    .flatMap((key): Parameter[] => {
      const location = LOCATION[Number(key.split(':')[0]) as RouteParamtypes];
      const { index, data: name } = routeArguments[key];
      const type = types[index];
      if (!location || !type || type === Object || (name && location === 'body')) return [];
      const parameter: Parameter = { type, name, required: true, in: location };
      if (name) return [parameter];
      if (location === 'body') return [{ ...parameter, name: (type as Type).name }];
      return documentedPropertiesOf(type as Type).map(([property, documented]) => ({
        ...parameter,
        ...documented,
        name: (documented.name as string | undefined) || property,
      }));
    });
  const sameParameter = (one: Parameter, other: Parameter) =>
    (one.in === 'body' && other.in === 'body') || (one.name === other.name && one.in === other.in);
  const explicitBody = explicit.some((parameter) => parameter.in === 'body');
  const kept = derived.filter((parameter) => !(explicitBody && parameter.in === 'body'));
  // Swagger keeps the first of the parameters that name the same place: the derived one, with the explicit added.
  return [
    ...kept.map((parameter) =>
      Object.assign(
        parameter,
        explicit.find((other) => sameParameter(parameter, other)),
      ),
    ),
    ...explicit,
  ];
}

/** The properties `@ApiProperty` documents on a class, with what it says of each. */
function documentedPropertiesOf(type: Type): [string, Record<string, unknown>][] {
  const prototype: object = type.prototype;
  const keys: unknown[] = Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES_ARRAY, prototype) ?? [];
  return keys
    .filter((key): key is string => typeof key === 'string' && key.startsWith(':'))
    .map((key) => key.slice(1))
    .map((property) => [property, Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES, prototype, property) ?? {}]);
}
