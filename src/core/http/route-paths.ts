import { ApiProperty } from '@nestjs/swagger';

/**
 * The path parameters of a route family, read whole with `@Param() path: SomePath` (the own route pipeline hands
 * the handler `request.params`, validated by the class's class-validator rules if it declares any: then every
 * parameter needs one, as an unknown property is refused) and documented
 * one path parameter per `@ApiProperty`, in declaration order, which is the URL's. A module's own families live in
 * `<module>.paths.ts`; the ones several modules share are here. A whole-number id stays `@IntParam(name)`.
 */
export class ProjectPath {
  @ApiProperty()
  projectId: string;
}

export class ProjectFeaturePath extends ProjectPath {
  @ApiProperty()
  featureName: string;
}

export class FeatureEnvironmentPath extends ProjectFeaturePath {
  @ApiProperty()
  environment: string;
}

export class ProjectEnvironmentPath extends ProjectPath {
  @ApiProperty()
  environment: string;
}

/** `/…/features/:featureName` outside a project (archive, events, tags). */
export class FeaturePath {
  @ApiProperty()
  featureName: string;
}

/** `/…/:name` of a named resource (environments, strategy types, tag types). */
export class NamePath {
  @ApiProperty()
  name: string;
}
