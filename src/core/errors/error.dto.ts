import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { ERROR_STATUS, type ErrorName } from './app-error.js';

@ApiSchema({ name: 'errorDetailSchema' })
export class ErrorDetailSchema {
  @ApiProperty({ example: 'The `/body/name` property is required. It was not present on the data you sent.' })
  message: string;

  @ApiPropertyOptional({ description: 'JSON pointer of the offending property', example: '/body/name' })
  path?: string;
}

/** A way to sign in besides the password form (`SignInOption`). */
@ApiSchema({ name: 'signInOptionSchema' })
export class SignInOptionSchema {
  @ApiProperty({ example: 'oidc' })
  type: string;

  @ApiProperty({ description: 'The label of its button', example: 'Sign in with OIDC' })
  message: string;

  @ApiProperty({ description: 'Where the sign-in starts', example: '/auth/oidc/login' })
  path: string;
}

const SIGN_IN_ONLY = 'Only in a 401 to a request without an authorization header (none, or an expired session), as Unleash answers it:';

/** The body of every error answer (`error-response.ts` writes it). */
@ApiSchema({ name: 'errorSchema' })
export class ErrorSchema {
  @ApiProperty({ format: 'uuid', description: 'Also in the log line of the error' })
  id: string;

  @ApiProperty({ enum: Object.keys(ERROR_STATUS), example: 'NotFoundError' })
  name: ErrorName;

  @ApiProperty({ example: 'Could not find a feature named "checkout".' })
  message: string;

  @ApiPropertyOptional({ type: [ErrorDetailSchema], description: 'Every offending property (validation errors only)' })
  details?: ErrorDetailSchema[];

  @ApiPropertyOptional({ description: `${SIGN_IN_ONLY} the password login route`, example: '/auth/simple/login' })
  path?: string;

  @ApiPropertyOptional({ enum: ['password'], description: `${SIGN_IN_ONLY} how to sign in` })
  type?: 'password';

  @ApiPropertyOptional({
    description: `${SIGN_IN_ONLY} whether a login page hides the password form (password login is off but for the break-glass admin)`,
  })
  defaultHidden?: boolean;

  @ApiPropertyOptional({ type: [SignInOptionSchema], description: `${SIGN_IN_ONLY} the other ways to sign in (absent when none)` })
  options?: SignInOptionSchema[];
}
