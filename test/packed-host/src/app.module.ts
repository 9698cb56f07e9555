import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { flagwrightEntities, FlagwrightModule } from 'flagwright';
import { HostKeyGuard } from './host-key.guard.js';
import { User } from './users/user.entity.js';
import { PricingModule } from './pricing/pricing.module.js';
import { CreateUsers1690000000000 } from './users/create-users.migration.js';
import { InitialSchema1700000000000 } from './users/host-initial-schema.migration.js';
import { UsersModule } from './users/users.module.js';

// HOST_MIGRATIONS=named-like-flagwright: the host's first migration bears the name of Flagwright's first one.
const migrations = process.env.HOST_MIGRATIONS === 'named-like-flagwright' ? [InitialSchema1700000000000] : [CreateUsers1690000000000];
// HOST_SYNCHRONIZE=true: a host that lets TypeORM synchronise its schema, which Flagwright refuses.
const shared = {
  entities: [User, ...flagwrightEntities],
  migrations,
  migrationsRun: true,
  synchronize: process.env.HOST_SYNCHRONIZE === 'true',
};

@Module({
  imports: [
    TypeOrmModule.forRoot(
      process.env.DATABASE_URL
        ? { type: 'postgres', url: process.env.DATABASE_URL, ...shared }
        : {
            type: 'better-sqlite3',
            database: process.env.DATABASE_FILE!,
            enableWAL: true,
            timeout: 5000,
            prepareDatabase: (db: { pragma: (statement: string) => unknown }) => {
              db.pragma('foreign_keys = ON');
              db.pragma('synchronous = NORMAL');
            },
            ...shared,
          },
    ),
    UsersModule,
    PricingModule,
    FlagwrightModule.forRoot({
      routePrefix: 'flags',
      isGlobal: true,
      session: { secret: process.env.SESSION_SECRET! },
      // No middleware of this host sets request.user: this shows that resolve reads it without a cast.
      hostUsers: { resolve: (request) => request.user && { email: request.user.email, rootRole: 'Viewer' } },
      bootstrap: {
        adminUsername: 'host-admin',
        adminPassword: process.env.FLAGS_ADMIN_PASSWORD!,
        adminApiTokens: [process.env.FLAGS_ADMIN_TOKEN!],
        clientApiTokens: [process.env.FLAGS_CLIENT_TOKEN!],
      },
    }),
  ],
  providers: [{ provide: APP_GUARD, useClass: HostKeyGuard }],
})
export class AppModule {}
