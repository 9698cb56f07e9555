import { type ArgumentMetadata, Inject, Injectable, type PipeTransform, Req, Res } from '@nestjs/common';
import { PATH_METADATA, PARAMTYPES_METADATA, RESPONSE_PASSTHROUGH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { ApplicationConfig } from '@nestjs/core';
import { DECORATORS } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Observable } from 'rxjs';
import { documentedParameters, type RouteArguments } from './documented-parameters.js';
import { RequestValidationPipe } from './request-validation.pipe.js';
import { SerializedJson } from './serialized-json.js';

type Handler = (...args: unknown[]) => unknown;
type ArgumentReader = (request: Request, response: Response, validation: RequestValidationPipe) => unknown;

const REQUEST_VALUES = Symbol('flagwright:request-values');
const OWN_ROUTE_PIPELINE = Symbol('flagwright:own-route-pipeline');

/** What the routes of `takeOverRoutes` need when they run: injected into each of their controllers. */
@Injectable()
export class OwnRoutePipeline {
  constructor(
    readonly validation: RequestValidationPipe,
    private readonly application: ApplicationConfig,
  ) {}

  /** Whether Nest runs a host's global interceptors around our routes (a host adds them until it starts). */
  hostIntercepts(): boolean {
    return this.application.getGlobalInterceptors().length > 0 || this.application.getGlobalRequestInterceptors().length > 0;
  }
}

/**
 * A route argument that `read` takes from the request (the principal the guards put there), for routes of
 * `ApiController`s: Nest's `createParamDecorator` arguments go through every global pipe of the host.
 */
export function RequestValue<R extends Request>(read: (request: R) => unknown): ParameterDecorator {
  return (target, key, index) => {
    const values = new Map<number, ArgumentReader>(Reflect.getOwnMetadata(REQUEST_VALUES, target, key!));
    // The request is the subtype `read` expects: the guards that fill it ran before any argument is read.
    Reflect.defineMetadata(REQUEST_VALUES, values.set(index, read as unknown as ArgumentReader), target, key!);
  };
}

/**
 * Makes each route of `controller` read its own arguments and write its own answer, so that what a host application
 * registers app-wide changes neither. Nest runs a host's global pipes on every body, query, path and custom
 * argument of every route (a `ValidationPipe` answered our invalid bodies with its own 400, and with `transform`
 * let `limit=abc` through), and sends what a host's global interceptors make of a route's return value (`{data: …}`,
 * a serializer's copy). So the route Nest sees takes only the request and the response, which no pipe is given,
 * and is answered by the handler: Nest then ignores the return value the interceptors pass on (which is empty, so
 * none can keep or replace it).
 *
 * The arguments are read as Nest reads them (`@Body()`, `@Query()`, `@Param() path: SomePath`, `@Param(name, ...pipes)`, `@Headers(name)`,
 * `@Ip()`, `@Req()`, `@Res()`, `RequestValue`) and validated by our
 * `RequestValidationPipe` as Nest ran it; the answer is the return value with the status of `@HttpCode()` (or the
 * method's) and `@Header()`s, which Nest still sets. A handler taking `@Res()` writes its own answer, as in Nest;
 * with `passthrough` it sets headers and returns the body. What each route reads is worked out here, once.
 * The OpenAPI document stays as `@nestjs/swagger` derived it from the parameter decorators (`documentedParameters`).
 */
export const takeOverRoutes: ClassDecorator = (controller) => {
  Inject(OwnRoutePipeline)(controller.prototype, OWN_ROUTE_PIPELINE);
  const prototype: Record<string, unknown> = controller.prototype;
  for (const key of Object.getOwnPropertyNames(prototype)) {
    const handler = prototype[key];
    if (key === 'constructor' || typeof handler !== 'function' || !Reflect.hasMetadata(PATH_METADATA, handler)) continue;
    prototype[key] = ownPipelineOf(controller, key, handler as Handler);
  }
};

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- a class, as a class decorator receives it
function ownPipelineOf(controller: Function, key: string, handler: Handler): Handler {
  const route = `${controller.name}.${key}`;
  const routeArguments: RouteArguments = Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, key) ?? {};
  const types: unknown[] = Reflect.getMetadata(PARAMTYPES_METADATA, controller.prototype, key) ?? [];
  const readers: ArgumentReader[] = [];
  for (const [argumentKey, argument] of Object.entries(routeArguments)) {
    readers[argument.index] = readerOf(Number(argumentKey.split(':')[0]), argument, types[argument.index], route);
  }
  for (const [index, read] of (Reflect.getMetadata(REQUEST_VALUES, controller.prototype, key) ?? new Map()) as Map<
    number,
    ArgumentReader
  >) {
    readers[index] = read;
  }
  if (readers.length !== types.length || readers.includes(undefined as never)) {
    throw new Error(`${route}: every parameter of a route needs a decorator that says where it is read from.`);
  }
  // A malformed path parameter is reported only once the body and query passed, as Nest's pipes settled it.
  const converted = new Set(
    Object.entries(routeArguments).flatMap(([argumentKey, argument]) =>
      argument.pipes?.length || Number(argumentKey.split(':')[0]) === RouteParamtypes.PARAM ? [argument.index] : [],
    ),
  );
  const order = [...readers.keys()].sort((one, other) => Number(converted.has(one)) - Number(converted.has(other)));
  const answersItself =
    Object.keys(routeArguments).some((argumentKey) => Number(argumentKey.split(':')[0]) === RouteParamtypes.RESPONSE) &&
    !Reflect.getMetadata(RESPONSE_PASSTHROUGH_METADATA, controller, key);

  const pipeline = async function (this: Record<symbol, OwnRoutePipeline>, request: Request, response: Response) {
    const own = this[OWN_ROUTE_PIPELINE];
    const args: unknown[] = [];
    for (const index of order) args[index] = readers[index](request, response, own.validation);
    const result = await handler.apply(this, args);
    if (answersItself) return undefined;
    if (!own.hostIntercepts()) return send(response, result);
    // Nest writes an answer once the interceptors have seen it pass; so is this one, so that an interceptor that
    // sets a header then (a timing header) still can.
    return new Observable<undefined>((subscriber) => {
      subscriber.next(undefined);
      send(response, result);
      subscriber.complete();
    });
  };
  Object.defineProperty(pipeline, 'name', { value: handler.name });
  for (const metadataKey of Reflect.getOwnMetadataKeys(handler)) {
    Reflect.defineMetadata(metadataKey, Reflect.getOwnMetadata(metadataKey, handler), pipeline);
  }
  const parameters = documentedParameters(routeArguments, types, Reflect.getMetadata(DECORATORS.API_PARAMETERS, handler));
  if (parameters.length > 0) Reflect.defineMetadata(DECORATORS.API_PARAMETERS, parameters, pipeline);

  Reflect.deleteMetadata(ROUTE_ARGS_METADATA, controller, key);
  Reflect.deleteMetadata(RESPONSE_PASSTHROUGH_METADATA, controller, key);
  Req()(controller.prototype, key, 0);
  Res()(controller.prototype, key, 1);
  return pipeline as Handler;
}

const VALIDATED_LOCATION: Partial<Record<RouteParamtypes, 'body' | 'query' | 'param'>> = {
  [RouteParamtypes.BODY]: 'body',
  [RouteParamtypes.QUERY]: 'query',
  [RouteParamtypes.PARAM]: 'param',
};

function readerOf(type: RouteParamtypes, argument: RouteArguments[string], metatype: unknown, route: string): ArgumentReader {
  const { data, pipes = [] } = argument;
  const location = VALIDATED_LOCATION[type];
  if (pipes.some((pipe) => typeof pipe === 'function') || (pipes.length > 0 && type !== RouteParamtypes.PARAM)) {
    throw new Error(`${route}: only a path parameter takes pipes, and as instances (\`@Param(name, new SomePipe())\`).`);
  }
  if (location) {
    const wholePath = type === RouteParamtypes.PARAM && data === undefined;
    if (wholePath ? !isPathClass(metatype) : type !== RouteParamtypes.PARAM && data !== undefined) {
      throw new Error(
        `${route}: a route reads the whole body and query (\`@Body()\`, \`@Query()\`), and its path as a class (\`@Param() path: SomePath\`) or a parameter by name.`,
      );
    }
    const metadata: ArgumentMetadata = { type: location, metatype: metatype as ArgumentMetadata['metatype'], data };
    const part = location === 'param' ? 'params' : location;
    return (request, _, validation) =>
      (pipes as PipeTransform[]).reduce(
        (value, pipe) => pipe.transform(value, metadata),
        validation.transform(data === undefined ? request[part] : request.params[data], metadata),
      );
  }
  switch (type) {
    case RouteParamtypes.REQUEST:
      return (request) => request;
    case RouteParamtypes.RESPONSE:
      return (_, response) => response;
    case RouteParamtypes.IP:
      return (request) => request.ip;
    case RouteParamtypes.HEADERS:
      if (data !== undefined) {
        const name = data.toLowerCase();
        return (request) => request.headers[name];
      }
  }
  throw new Error(
    `${route}: a route of an ApiController cannot read ${RouteParamtypes[type] ?? 'a custom parameter'}${data ? ` ${data}` : ''}.`,
  );
}

/** Whether a whole-path argument's type is a class of its own (a path DTO), not `object` or `string`. */
function isPathClass(metatype: unknown): boolean {
  return typeof metatype === 'function' && metatype !== Object && metatype !== String;
}

/**
 * The return value as Nest's Express adapter sends it: nothing, JSON for an object, text otherwise; a
 * `SerializedJson` as the JSON it holds.
 */
function send(response: Response, result: unknown): void {
  if (result === undefined || result === null) response.send();
  else if (result instanceof SerializedJson) result.send(response);
  else if (typeof result === 'object') response.json(result);
  else response.send(String(result));
}
