import { Controller, Get, Module } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Test } from '@nestjs/testing';
import { TypeOrmModule } from '@nestjs/typeorm';
import supertest from 'supertest';
import type { INestApplication } from '@nestjs/common';
import { FlagwrightModule } from '../../src/index.js';
import { createTestDatabase, hostDataSourceOptions } from '../helpers/test-app.js';

@Controller('host')
class HostController {
  @Get('hello')
  hello() {
    return { hello: 'from the host' };
  }
}

describe("Flagwright's OpenAPI document in a host application", () => {
  let app: INestApplication;
  let drop: () => Promise<void>;
  let HostModule: new () => unknown;
  const http = () => supertest(app.getHttpServer());

  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;

    @Module({
      imports: [
        TypeOrmModule.forRoot(hostDataSourceOptions(database)),
        FlagwrightModule.forRoot({ routePrefix: 'flags', session: { secret: 'host-session-secret-0123456789' } }),
      ],
      controllers: [HostController],
    })
    class Host {}
    HostModule = Host;

    const moduleRef = await Test.createTestingModule({ imports: [HostModule] }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    app.setGlobalPrefix('v1');
    FlagwrightModule.serveDocs(app);
    await app.init();
  });

  afterAll(async () => {
    await app.close();
    await drop();
  });

  it('serves our document, our routes only, under our prefix behind the host’s global prefix, with its security schemes', async () => {
    const document = (await http().get('/v1/flags/docs/openapi.json').expect(200)).body;
    const paths = Object.keys(document.paths);
    expect(paths.length).toBeGreaterThan(50);
    expect(paths.every((path) => path.startsWith('/v1/flags/'))).toBe(true);
    expect(paths).toContain('/v1/flags/api/admin/search/features');
    expect(paths).not.toContain('/v1/host/hello');
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(['bearer', 'cookie']);
    expect(document.paths['/v1/flags/api/admin/search/features'].get.operationId).toBe('searchFeatures');
    const ui = await http().get('/v1/flags/docs/openapi').expect(200);
    expect(ui.text).toContain('swagger-ui');
  });

  it('stays out of the host’s own document when the host includes only its modules', () => {
    const hostDocument = SwaggerModule.createDocument(app, new DocumentBuilder().setTitle('Host').build(), { include: [HostModule] });
    expect(Object.keys(hostDocument.paths)).toEqual(['/v1/host/hello']);
  });
});
