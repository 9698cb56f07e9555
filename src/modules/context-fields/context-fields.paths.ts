import { ApiProperty } from '@nestjs/swagger';
import { ProjectPath } from '../../core/http/route-paths.js';

/** `/context/:contextField`. */
export class ContextFieldPath {
  @ApiProperty()
  contextField: string;
}

/** `/context/:contextField/legal-values/:legalValue`. */
export class LegalValuePath extends ContextFieldPath {
  @ApiProperty()
  legalValue: string;
}

/** `/projects/:projectId/context/:contextField`. */
export class ProjectContextFieldPath extends ProjectPath {
  @ApiProperty()
  contextField: string;
}

/** `/projects/:projectId/context/:contextField/legal-values/:legalValue`. */
export class ProjectLegalValuePath extends ProjectContextFieldPath {
  @ApiProperty()
  legalValue: string;
}
