import { ApiProperty, ApiSchema } from '@nestjs/swagger';

@ApiSchema({ name: 'sessionSchema' })
export class SessionSchema {
  @ApiProperty({ description: 'The session in this API (not its cookie, nor anything the cookie can be made from)', example: '3f2a9c…' })
  id: string;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;

  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'When it was last used (recorded at most once a minute)' })
  lastSeenAt: string | null;

  @ApiProperty({ format: 'date-time' })
  expiresAt: string;

  @ApiProperty({ nullable: true, type: String, description: 'The client address it was started from', example: '203.0.113.10' })
  address: string | null;

  @ApiProperty({ nullable: true, type: String, description: 'The user agent it was started from' })
  userAgent: string | null;

  @ApiProperty({ description: 'Whether it is the session of this request' })
  current: boolean;
}

@ApiSchema({ name: 'sessionsSchema' })
export class SessionsSchema {
  @ApiProperty({ type: [SessionSchema] })
  sessions: SessionSchema[];
}
