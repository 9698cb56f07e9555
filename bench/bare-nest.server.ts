import 'reflect-metadata';
import { listenBareNest } from './lib/bare-nest.app.js';

/** Entry of the bare NestJS floor process the benchmark harness starts (`BenchServer.startBareNest`). */
listenBareNest(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1').catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
