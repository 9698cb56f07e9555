import { Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { CurrentPrincipal, RequirePermission } from '../../core/access/decorators.js';
import type { Principal } from '../../core/access/principal.js';
import { AdminController } from '../../core/http/api-controller.decorator.js';
import { ApiErrors } from '../../core/http/openapi.js';
import { EventCreatorSchema, EventSearchQueryDto, EventSearchResponseSchema } from './event.dto.js';
import { EventService } from './event.service.js';

/** The audit log as the console's history page reads it: filtered, paged, with its total. */
@AdminController('search', 'Events')
export class EventSearchController {
  constructor(private readonly events: EventService) {}

  @Get('events')
  @RequirePermission('NONE')
  @ApiOperation({
    operationId: 'searchEvents',
    summary: 'Search for events',
    description:
      'Events matching every given filter, newest first, a page at a time, with how many match in all. Any authenticated user may search (as in Unleash); only admins see the events that belong to no project. A malformed parameter is a 400 naming it.',
  })
  @ApiOkResponse({ type: EventSearchResponseSchema })
  @ApiErrors(400)
  search(@Query() query: EventSearchQueryDto, @CurrentPrincipal() principal: Principal): Promise<EventSearchResponseSchema> {
    return this.events.search(query, principal);
  }
}

/** Who recorded events: the choices of the history page's "created by" filter. */
@AdminController('event-creators', 'Events')
export class EventCreatorsController {
  constructor(private readonly events: EventService) {}

  @Get()
  @RequirePermission('NONE')
  @ApiOperation({
    operationId: 'getEventCreators',
    summary: 'Get a list of all users that have created events',
    description:
      'Everyone who recorded events, once each, ordered by id; the system and admin API tokens under the names Unleash gives them.',
  })
  @ApiOkResponse({ type: [EventCreatorSchema] })
  creators(): Promise<EventCreatorSchema[]> {
    return this.events.creators();
  }
}
