import {
  applyDecorators,
  Body,
  Controller,
  createParamDecorator,
  Get,
  Header,
  Headers,
  HttpCode,
  Ip,
  Param,
  ParseIntPipe,
  Post,
  Put,
  Query,
  Req,
  Res,
  Session,
} from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { ApiBody, ApiHeader, ApiProperty, ApiPropertyOptional, ApiQuery, DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Matches } from 'class-validator';
import type { Request, Response } from 'express';
import supertest from 'supertest';
import { DEFAULT_LIMITS, FLAGWRIGHT_CONFIG } from '../config/flagwright-config.js';
import { ErrorFilter } from '../errors/error.filter.js';
import { IntParam } from './int-param.js';
import { OwnRoutePipeline, RequestValue, takeOverRoutes } from './own-route-pipeline.js';
import { ListBody, RequestValidationPipe } from './request-validation.pipe.js';

class ItemBody {
  @ApiProperty()
  @IsString()
  name: string;

  @ApiPropertyOptional({ description: 'How many' })
  @IsOptional()
  @IsInt()
  count?: number;
}

@ListBody()
class ItemList {
  @IsString({ each: true })
  items: string[];
}

class ItemQuery {
  @ApiPropertyOptional({ description: 'Words the name holds' })
  @IsOptional()
  @IsString()
  search?: string;

  @ApiPropertyOptional({ name: 'page-size' })
  @IsOptional()
  @IsString()
  pageSize?: string;
}

class ItemPath {
  @ApiProperty()
  @IsString()
  group: string;

  @ApiProperty({ description: 'The item' })
  @Matches(/^[a-z]+$/)
  name: string;
}

/** The same routes, whichever way the class is declared: every kind of parameter our controllers use. */
function itemRoutes(...classDecorators: ClassDecorator[]) {
  @Controller('items')
  @applyDecorators(...classDecorators)
  class ItemRoutes {
    @Post(':group')
    @HttpCode(200)
    @Header('Cache-Control', 'no-store')
    create(
      @Param('group') group: string,
      @Body() body: ItemBody,
      @Query() query: ItemQuery,
      @Headers('X-Trace') trace: string,
      @Ip() ip: string,
      @RequestValue((request: Request) => request.method) method: string,
    ) {
      return { group, body, query, trace, ip: typeof ip, method, isItemBody: body instanceof ItemBody };
    }

    @Put(':id/tags')
    @ApiBody({ type: [String], description: 'The tags' })
    @ApiQuery({ name: 'search', description: 'Replaces what the query class says' })
    @ApiHeader({ name: 'If-Match', required: false })
    tag(@IntParam('id') id: number, @Body() body: ItemList, @Query() query: ItemQuery, @Res({ passthrough: true }) response: Response) {
      response.status(202).setHeader('location', `/items/${id}`);
      return `${id}: ${body.items.join(', ')}${query.search ? ` (${query.search})` : ''}`;
    }

    @Get(':group/:name')
    named(@Param() { group, name }: ItemPath, @Query() query: ItemQuery) {
      return { group, name, query };
    }

    @Get(':id')
    read(@Param('id') id: string, @Body() anything: unknown, @Req() request: Request, @Res() response: Response) {
      response.status(203).json({ id, anything: anything ?? null, path: request.path });
    }

    @Get()
    list() {
      return undefined;
    }
  }
  return ItemRoutes;
}

async function appWith(controller: new (...args: never[]) => object) {
  const moduleRef = await Test.createTestingModule({
    controllers: [controller],
    providers: [OwnRoutePipeline, RequestValidationPipe, { provide: FLAGWRIGHT_CONFIG, useValue: { limits: DEFAULT_LIMITS } }],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  app.useGlobalFilters(new ErrorFilter());
  await app.init();
  return app;
}

describe('takeOverRoutes', () => {
  it("leaves the OpenAPI document as @nestjs/swagger derives it from the routes' parameter decorators", async () => {
    const documentOf = async (controller: new (...args: never[]) => object) => {
      const app = await appWith(controller);
      const document = SwaggerModule.createDocument(app, new DocumentBuilder().build());
      await app.close();
      return document;
    };
    const declared = await documentOf(itemRoutes());
    expect(await documentOf(itemRoutes(takeOverRoutes))).toEqual(declared);
    // What the comparison holds: each kind of parameter, derived and explicit.
    const names = (path: string, method: 'post' | 'put') =>
      declared.paths[path][method]?.parameters?.map((parameter) => 'name' in parameter && `${parameter.in} ${parameter.name}`);
    expect(names('/items/{group}', 'post')).toEqual(['path group', 'query search', 'query page-size', 'header X-Trace']);
    const get = (path: string) =>
      declared.paths[path].get?.parameters?.map((parameter) => 'name' in parameter && `${parameter.in} ${parameter.name}`);
    expect(get('/items/{group}/{name}')).toEqual(['path group', 'path name', 'query search', 'query page-size']);
    expect(names('/items/{id}/tags', 'put')).toEqual(['path id', 'query search', 'query page-size', 'header If-Match']);
    expect(declared.paths['/items/{id}/tags'].put?.parameters?.[1]).toMatchObject({ description: 'Replaces what the query class says' });
    expect(declared.paths['/items/{id}/tags'].put?.requestBody).toMatchObject({ description: 'The tags' });
  });

  describe('routes read, validate and answer as Nest did', () => {
    let http: () => supertest.Agent;
    let close: () => Promise<void>;
    beforeAll(async () => {
      const app = await appWith(itemRoutes(takeOverRoutes));
      http = () => supertest.agent(app.getHttpServer());
      close = () => app.close();
    });
    afterAll(() => close());

    it('every kind of argument, the DTOs validated into instances, with the status and headers of the decorators', async () => {
      const answer = await http().post('/items/tools?search=saw').set('X-Trace', 'abc').send({ name: 'saw', count: 2 }).expect(200);
      expect(answer.body).toEqual({
        group: 'tools',
        body: { name: 'saw', count: 2 },
        query: { search: 'saw' },
        trace: 'abc',
        ip: 'string',
        method: 'POST',
        isItemBody: true,
      });
      expect(answer.headers['cache-control']).toBe('no-store');
    });

    it('a 400 naming what is wrong: the body and query by our validation, then a path parameter by its pipe', async () => {
      const invalid = await http().post('/items/tools?color=red').send({ name: 3 }).expect(400);
      expect(invalid.body.details.map((detail: { path: string }) => detail.path)).toEqual(['/body/name']);
      const query = await http().post('/items/tools?color=red').send({ name: 'saw' }).expect(400);
      expect(query.body.details.map((detail: { path: string }) => detail.path)).toEqual(['/query/color']);
      const id = await http().put('/items/first/tags').send(['a']).expect(400);
      expect(id.body.details).toEqual([
        { path: '/params/id', message: 'The `/params/id` property must be a whole number. You sent "first".' },
      ]);
      // Both wrong: the body is reported, as Nest's pipes answered.
      const both = await http().put('/items/first/tags').send([7]).expect(400);
      expect(both.body.details.map((detail: { path: string }) => detail.path)).toEqual(['/body']);
    });

    it("a path class with the route family's parameters, validated by its rules after the query", async () => {
      expect((await http().get('/items/tools/saw?search=x').expect(200)).body).toEqual({
        group: 'tools',
        name: 'saw',
        query: { search: 'x' },
      });
      const invalid = await http().get('/items/tools/Saw9').expect(400);
      expect(invalid.body.details.map((detail: { path: string }) => detail.path)).toEqual(['/params/name']);
      const both = await http().get('/items/tools/Saw9?color=red').expect(400);
      expect(both.body.details.map((detail: { path: string }) => detail.path)).toEqual(['/query/color']);
    });

    it('the status and headers a passthrough handler sets, and a text answer as text', async () => {
      const answer = await http().put('/items/7/tags?search=x').send(['a', 'b']).expect(202);
      expect(answer.headers.location).toBe('/items/7');
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expect(answer.text).toBe('7: a, b (x)');
    });

    it('what a handler taking the response writes, and an empty answer for nothing returned', async () => {
      expect((await http().get('/items/3').expect(203)).body).toEqual({ id: '3', anything: null, path: '/items/3' });
      expect((await http().get('/items').expect(200)).text).toBe('');
    });
  });

  it('refuses, when the class is declared, a parameter it would not know how to read', () => {
    const Custom = createParamDecorator(() => 'custom');
    const declare = (route: (target: object, key: string) => void) => () => {
      class Routes {
        handle() {}
      }
      route(Routes.prototype, 'handle');
      Reflect.defineMetadata('design:paramtypes', [String], Routes.prototype, 'handle');
      Get()(Routes.prototype, 'handle', Object.getOwnPropertyDescriptor(Routes.prototype, 'handle')!);
      takeOverRoutes(Routes);
    };
    const wholeBodyAndQuery =
      'Routes.handle: a route reads the whole body and query (`@Body()`, `@Query()`), and its path as a class (`@Param() path: SomePath`) or a parameter by name.';
    expect(declare((target, key) => Body('name')(target, key, 0))).toThrow(wholeBodyAndQuery);
    // The whole path as a string (the type `design:paramtypes` says above) is not a path class.
    expect(declare((target, key) => Param()(target, key, 0))).toThrow(wholeBodyAndQuery);
    expect(declare((target, key) => Param('id', ParseIntPipe)(target, key, 0))).toThrow(
      'Routes.handle: only a path parameter takes pipes, and as instances (`@Param(name, new SomePipe())`).',
    );
    expect(declare((target, key) => Session()(target, key, 0))).toThrow('Routes.handle: a route of an ApiController cannot read SESSION.');
    expect(declare((target, key) => Custom()(target, key, 0))).toThrow(
      'Routes.handle: a route of an ApiController cannot read a custom parameter.',
    );
    expect(declare(() => undefined)).toThrow(
      'Routes.handle: every parameter of a route needs a decorator that says where it is read from.',
    );
  });
});
