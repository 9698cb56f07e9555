import 'reflect-metadata';
import { ValidationPipe, VersioningType, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { FlagwrightModule } from 'flagwright';
import { AppModule } from './app.module.js';
import { UsersModule } from './users/users.module.js';

const onFastify = process.env.HOST_PLATFORM === 'fastify';
const app: INestApplication = onFastify ? await NestFactory.create(AppModule, new FastifyAdapter()) : await NestFactory.create(AppModule);
app.useGlobalPipes(new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true }));
// HOST_VERSIONING=uri: a host that versions its routes under a global prefix (its own at /api/v1/...).
if (process.env.HOST_VERSIONING === 'uri') {
  app.setGlobalPrefix('api');
  app.enableVersioning({ type: VersioningType.URI, defaultVersion: '1' });
}
app.enableShutdownHooks();
// Swagger UI on Fastify needs @fastify/static, which this repository does not install: that host goes without documents.
if (!onFastify) {
  // The host's own document holds its own routes only; Flagwright serves its own under its prefix.
  const config = new DocumentBuilder().setTitle('Host').build();
  SwaggerModule.setup('api-docs', app, SwaggerModule.createDocument(app, config, { include: [UsersModule] }));
  FlagwrightModule.serveDocs(app);
}
await app.listen(Number(process.env.PORT), '127.0.0.1');
