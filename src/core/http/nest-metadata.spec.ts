import { PARAMTYPES_METADATA, PATH_METADATA, RESPONSE_PASSTHROUGH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { Body, Param, Post } from '@nestjs/common';

/**
 * The own route pipeline (own-route-pipeline.ts, docs/decisions/0002-own-route-pipeline.md) reads and rewrites
 * Nest's route metadata. These are the values it relies on, as `@nestjs/common` 12.0.0 (the lowest version
 * `peerDependencies` allows; read from its published package with `npm pack @nestjs/common@12.0.0`) and the
 * installed version (the highest this project is tested with) both define them: 12.5 only added
 * `RouteParamtypes.COOKIES` (14) and `SIGNED_COOKIES` (15) after the others, which the pipeline refuses with every
 * decorator it does not read. A Nest release that moves any of them fails here, not in a host at start.
 * Checking the keys rather than installing 12.0.0 beside 12.5 keeps the suite offline and fast; re-read them from
 * the lowest version whenever `peerDependencies` raises it.
 */
const LOWEST_SUPPORTED = {
  PATH_METADATA: 'path',
  PARAMTYPES_METADATA: 'design:paramtypes',
  ROUTE_ARGS_METADATA: '__routeArguments__',
  RESPONSE_PASSTHROUGH_METADATA: '__responsePassthrough__',
  RouteParamtypes: {
    REQUEST: 0,
    RESPONSE: 1,
    NEXT: 2,
    BODY: 3,
    QUERY: 4,
    PARAM: 5,
    HEADERS: 6,
    SESSION: 7,
    FILE: 8,
    FILES: 9,
    HOST: 10,
    IP: 11,
  },
};

describe("Nest's route metadata, as the own route pipeline reads it", () => {
  it('has the keys and parameter types of the lowest supported version', () => {
    expect({ PATH_METADATA, PARAMTYPES_METADATA, ROUTE_ARGS_METADATA, RESPONSE_PASSTHROUGH_METADATA }).toEqual({
      PATH_METADATA: LOWEST_SUPPORTED.PATH_METADATA,
      PARAMTYPES_METADATA: LOWEST_SUPPORTED.PARAMTYPES_METADATA,
      ROUTE_ARGS_METADATA: LOWEST_SUPPORTED.ROUTE_ARGS_METADATA,
      RESPONSE_PASSTHROUGH_METADATA: LOWEST_SUPPORTED.RESPONSE_PASSTHROUGH_METADATA,
    });
    for (const [name, value] of Object.entries(LOWEST_SUPPORTED.RouteParamtypes)) {
      expect(RouteParamtypes[name as keyof typeof RouteParamtypes], name).toBe(value);
    }
  });

  it('records a route argument under `<type>:<index>`, with its name and pipes', () => {
    class Routes {
      handle(..._args: unknown[]) {}
    }
    Param('id')(Routes.prototype, 'handle', 1);
    Body()(Routes.prototype, 'handle', 0);
    Post(':id')(Routes.prototype, 'handle', Object.getOwnPropertyDescriptor(Routes.prototype, 'handle')!);
    expect(Reflect.getMetadata(ROUTE_ARGS_METADATA, Routes, 'handle')).toEqual({
      [`${RouteParamtypes.PARAM}:1`]: { index: 1, data: 'id', pipes: [] },
      [`${RouteParamtypes.BODY}:0`]: { index: 0, data: undefined, pipes: [] },
    });
    expect(Reflect.getMetadata(PATH_METADATA, Routes.prototype.handle)).toBe(':id');
  });
});
