import { type INestApplication, Module, type Provider, type Type } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { TypeOrmModule } from '@nestjs/typeorm';
import supertest from 'supertest';
import { FlagwrightModule } from '../../src/index.js';
import { createTestDatabase, hostDataSourceOptions } from './test-app.js';

export interface EmbeddingHostOptions {
  /** Options of `FlagwrightModule.forRoot` beside those every host here gives: routes under `flags`, a session secret. */
  flagwright?: Partial<Parameters<typeof FlagwrightModule.forRoot>[0]>;
  controllers?: Type<unknown>[];
  providers?: Provider[];
  /** What the host does to the application between creating and starting it. */
  configure?: (app: INestApplication) => void;
}

export interface EmbeddingHost {
  http: () => ReturnType<typeof supertest>;
  close: () => Promise<void>;
}

/** A host application on a fresh test database, with its TypeORM data source and Flagwright under `/flags`. */
export async function startEmbeddingHost({
  flagwright,
  controllers = [],
  providers = [],
  configure,
}: EmbeddingHostOptions = {}): Promise<EmbeddingHost> {
  const database = await createTestDatabase();
  @Module({
    imports: [
      TypeOrmModule.forRoot(hostDataSourceOptions(database)),
      FlagwrightModule.forRoot({ routePrefix: 'flags', session: { secret: 'host-session-secret-0123456789' }, ...flagwright }),
    ],
    controllers,
    providers,
  })
  class HostModule {}
  const app = (await Test.createTestingModule({ imports: [HostModule] }).compile()).createNestApplication({ logger: false });
  configure?.(app);
  await app.init();
  return {
    http: () => supertest(app.getHttpServer()),
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}
