import { ApiProperty } from '@nestjs/swagger';

/** `/…/tokens/:token` and `/invite/:token/…`: the secret of an invite link. */
export class InviteTokenPath {
  @ApiProperty({ description: 'The secret of the invite link' })
  token: string;
}
