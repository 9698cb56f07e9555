import { ApiProperty } from '@nestjs/swagger';

/** `/api/admin/user/sessions/:sessionId`. */
export class SessionPath {
  @ApiProperty({ description: 'The session’s id as `GET /api/admin/user/sessions` lists it' })
  sessionId: string;
}
