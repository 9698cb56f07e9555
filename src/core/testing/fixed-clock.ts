import { Clock } from '../clock.js';

/** A Clock that stands still until a spec moves it. */
export class FixedClock extends Clock {
  constructor(private current: Date = new Date('2024-05-01T10:00:00.000Z')) {
    super();
  }

  override now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}
