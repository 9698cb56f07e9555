import { type DynamicModule, Injectable } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { CoreModule } from '../../src/core/core.module.js';
import { composeFeatureModules, FeatureModule } from '../../src/core/feature-module.js';
import { FlagwrightModule } from '../../src/index.js';
import { EventService, EventsModule } from '../../src/modules/events/index.js';
import { FeaturesModule } from '../../src/modules/features/index.js';
import { FeatureStore } from '../../src/modules/features/feature.store.js';

/** A provider that records events: it needs EventService, which only EventsModule exports. */
@Injectable()
class AuditedThing {
  constructor(readonly events: EventService) {}
}

/** A provider that reaches into the features module's store, which FeaturesModule does not export. */
@Injectable()
class FeatureStoreReader {
  constructor(readonly store: FeatureStore) {}
}

@FeatureModule({ providers: [AuditedThing] })
class UndeclaredImportModule {}

@FeatureModule({ imports: [EventsModule], providers: [AuditedThing] })
class DeclaredImportModule {}

@FeatureModule({ imports: [FeaturesModule], providers: [FeatureStoreReader] })
class InternalsModule {}

/** The core module of a real FlagwrightModule.forRoot(), as every feature module imports it. */
function coreModule(): DynamicModule {
  const dataSource = new DataSource({ type: 'better-sqlite3', database: ':memory:' });
  const root = FlagwrightModule.forRoot({ dataSource, session: { secret: 'boundaries-session-secret-0123456789' } });
  return (root.imports ?? []).find((module) => (module as DynamicModule).module === CoreModule) as DynamicModule;
}

const start = (modules: DynamicModule[]) => Test.createTestingModule({ imports: modules }).compile();

describe('module boundaries, enforced by Nest at start', () => {
  it('refuses a provider that injects a service its module does not import', async () => {
    await expect(start(composeFeatureModules(coreModule(), [UndeclaredImportModule]))).rejects.toThrow(
      /can't resolve dependencies of the AuditedThing \(\?\)[\s\S]*EventService at index \[0\][\s\S]*UndeclaredImportModule/,
    );
  });

  it('refuses a provider that injects what an imported module keeps to itself (not exported)', async () => {
    await expect(start(composeFeatureModules(coreModule(), [InternalsModule]))).rejects.toThrow(
      /can't resolve dependencies of the FeatureStoreReader \(\?\)[\s\S]*FeatureStore at index \[0\][\s\S]*InternalsModule/,
    );
  });

  it('resolves the same provider once its module imports the module that exports the service', async () => {
    const moduleRef = await start(composeFeatureModules(coreModule(), [DeclaredImportModule]));
    expect(moduleRef.get(AuditedThing).events).toBeInstanceOf(EventService);
    await moduleRef.close();
  });

  it('builds each feature module once, importing the one core of its FlagwrightModule', () => {
    const core = coreModule();
    const [features, events] = composeFeatureModules(core, [FeaturesModule, EventsModule]);
    expect(features.imports?.[0]).toBe(core);
    expect(features.imports).toContain(events);
  });
});
