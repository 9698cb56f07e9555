import type { Constraint } from '../../core/constraints/constraint.js';

/** A reusable list of constraints that strategies attach by id; limited to one project, or usable everywhere. */
export interface Segment {
  id: number;
  name: string;
  description: string | null;
  project: string | null;
  constraints: Constraint[];
  createdBy: string | null;
  createdAt: string;
}

/** A segment as the admin API shows it, with how widely it is used. */
export interface SegmentWithUsage extends Segment {
  usedInFeatures: number;
  usedInProjects: number;
}

/** What a create or update asks for. */
export interface SegmentInput {
  name: string;
  description: string | null;
  project: string | null;
  constraints: Constraint[];
}
