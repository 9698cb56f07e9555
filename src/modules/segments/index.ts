/** The public entry of the segments module: what other modules and hosts may use. */
export { SegmentsModule } from './segments.module.js';
export { SegmentReadModel } from './segment.read-model.js';
export * from './segments.entities.js';
