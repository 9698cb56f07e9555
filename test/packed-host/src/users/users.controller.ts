import { Body, Controller, Get, Post } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsEmail } from 'class-validator';
import type { Repository } from 'typeorm';
import { User } from './user.entity.js';

export class CreateUserDto {
  @IsEmail()
  email: string;
}

@Controller('users')
export class UsersController {
  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  @Get()
  list(): Promise<User[]> {
    return this.users.find({ order: { id: 'ASC' } });
  }

  @Post()
  create(@Body() body: CreateUserDto): Promise<User> {
    return this.users.save(this.users.create({ email: body.email }));
  }
}
