import { Injectable } from '@nestjs/common';

/** The time source of the service; tests replace it to move time forward (token expiry, lockouts). */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
