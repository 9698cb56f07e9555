import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { CONSTRAINT_OPERATORS } from './constraint.js';

/* OpenAPI description of a constraint; bodies are checked by constraint.parser.ts, which reports every offending property. */

@ApiSchema({ name: 'constraintSchema', description: 'A condition on one context field (spec 2.1). No other properties are accepted.' })
export class ConstraintSchema {
  @ApiProperty({ description: 'Name of the context field the constraint applies to', example: 'appName' }) contextName: string;
  @ApiProperty({ enum: CONSTRAINT_OPERATORS, description: 'NUM_*, DATE_*, SEMVER_* and REGEX take `value`; the others take `values`' })
  operator: string;
  @ApiPropertyOptional({ default: false, description: 'Compare case-insensitively' }) caseInsensitive?: boolean;
  @ApiPropertyOptional({ default: false, description: 'Negate the result; not allowed with REGEX' }) inverted?: boolean;
  @ApiPropertyOptional({
    type: [String],
    default: [],
    description:
      'For IN, NOT_IN and STR_*: at least one non-empty value of at most 100 characters (numbers and booleans are stored as text); at most 250',
  })
  values?: string[];
  @ApiPropertyOptional({
    description: 'For NUM_* (a number), DATE_* (a date), SEMVER_* (strict semver, e.g. 1.2.3-beta.1) and REGEX (a valid expression)',
  })
  value?: string;
}
