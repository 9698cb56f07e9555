import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IsDefined, IsString, MaxLength } from 'class-validator';

@ApiSchema({ name: 'loginSchema' })
export class LoginSchema {
  @ApiProperty({ description: 'The username (exactly) or the email (ignoring case)', example: 'admin' })
  @IsDefined()
  @IsString()
  @MaxLength(320)
  username: string;

  @ApiProperty({ example: 'unleash4all' })
  @IsDefined()
  @IsString()
  @MaxLength(1024)
  password: string;
}
