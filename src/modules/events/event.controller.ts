import { Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { RequirePermission } from '../../core/access/decorators.js';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import { EventQueryDto, EventsSchema, FeatureEventsSchema } from './event.dto.js';
import { EventService } from './event.service.js';
import { FeaturePath } from '../../core/http/route-paths.js';

@AdminController('events', 'Events')
export class EventController {
  constructor(private readonly events: EventService) {}

  @Get()
  @RequirePermission('ADMIN')
  @ApiOperation({ operationId: 'getEvents', summary: 'The audit log, newest first, optionally for one project, feature or event type.' })
  @ApiOkResponse({ type: EventsSchema })
  async list(@Query() query: EventQueryDto): Promise<EventsSchema> {
    const { events, total } = await this.events.list({
      project: query.project,
      featureName: query.feature,
      type: query.type,
      offset: Number(query.offset ?? 0),
      limit: Number(query.limit ?? 100),
    });
    return { version: 1, events, totalEvents: total };
  }

  @Get(':featureName')
  @RequirePermission('ADMIN')
  @ApiOperation({ operationId: 'getEventsForToggle', summary: 'The events of one feature, newest first.' })
  @ApiOkResponse({ type: FeatureEventsSchema })
  async forFeature(@Param() { featureName }: FeaturePath, @Query() query: EventQueryDto): Promise<FeatureEventsSchema> {
    const { events, total } = await this.events.list({
      featureName,
      type: query.type,
      offset: Number(query.offset ?? 0),
      limit: Number(query.limit ?? 100),
    });
    return { version: 1, toggleName: featureName, events, totalEvents: total };
  }
}
