import { ApiProperty } from '@nestjs/swagger';

/** `/…/tokens/:token` and `/invite/:token/…`: the secret of an invite link (on the admin paths, its `id` too). */
export class InviteTokenPath {
  @ApiProperty({ description: 'The secret of the invite link; on the admin paths, its `id` (from the list) too' })
  token: string;
}
