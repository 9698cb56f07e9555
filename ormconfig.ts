import { DataSource } from 'typeorm';
import { dataSourceOptions } from './src/standalone/data-source-options.js';
import { readEnvironment } from './src/standalone/environment.js';

/** The DataSource the TypeORM CLI uses (`npm run migration:run`): the same settings as the service. */
export default new DataSource(dataSourceOptions(readEnvironment(process.env)));
