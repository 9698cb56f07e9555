import { fakeDatabase } from '../../../core/testing/fake-database.js';
import { type SegmentStrategy, SegmentReadModel } from '../segment.read-model.js';

/** Segments, the strategies using them and the projects that exist, as the spec sets them. */
export class FakeSegmentReadModel extends SegmentReadModel {
  readonly segments: { id: number; name: string; project: string | null }[] = [];
  /** The strategies using each segment, in the SQL model's order (project, feature, environment). */
  readonly strategiesBySegment = new Map<number, SegmentStrategy[]>();

  constructor(readonly projects: string[] = ['default']) {
    super(fakeDatabase());
  }

  override async findByIds(ids: number[]): Promise<{ id: number; name: string; project: string | null }[]> {
    return this.segments.filter((segment) => ids.includes(segment.id));
  }

  override async usage(ids: number[]): Promise<Map<number, { usedInFeatures: number; usedInProjects: number }>> {
    const usage = new Map<number, { usedInFeatures: number; usedInProjects: number }>();
    for (const id of ids) {
      const strategies = this.strategiesBySegment.get(id) ?? [];
      if (strategies.length === 0) continue;
      usage.set(id, {
        usedInFeatures: new Set(strategies.map((s) => s.featureName)).size,
        usedInProjects: new Set(strategies.map((s) => s.projectId)).size,
      });
    }
    return usage;
  }

  override async strategiesUsing(segmentId: number): Promise<SegmentStrategy[]> {
    return this.strategiesBySegment.get(segmentId) ?? [];
  }

  override async segmentIdsOf(strategyId: string): Promise<number[]> {
    return [...this.strategiesBySegment].flatMap(([id, strategies]) => (strategies.some((s) => s.id === strategyId) ? [id] : []));
  }

  override async projectExists(projectId: string): Promise<boolean> {
    return this.projects.includes(projectId);
  }

  /** Records that a strategy of the feature in the project uses the segment. */
  use(segmentId: number, projectId: string, featureName: string): void {
    const strategies = this.strategiesBySegment.get(segmentId) ?? [];
    strategies.push({ id: `s-${strategies.length + 1}`, featureName, projectId, environment: 'development', strategyName: 'default' });
    this.strategiesBySegment.set(segmentId, strategies);
  }
}
