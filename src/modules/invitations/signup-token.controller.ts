import { Body, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { CurrentActor, Public, RequirePermission } from '../../core/access/decorators.js';
import type { Actor } from '../../core/access/principal.js';
import { AdminController, ApiController } from '../../core/http/api-controller.decorator.js';
import { AcceptsNoBody } from '../../core/http/content-type.guard.js';
import { ApiErrors } from '../../core/http/openapi.js';
import { type UserJson, UserSchema } from '../users/index.js';
import { CreateSignupTokenSchema, SignUpSchema, SignupTokenSchema, SignupTokensSchema, UpdateSignupTokenSchema } from './invitation.dto.js';
import { InviteTokenPath } from './invitations.paths.js';
import { type CreatedSignupToken, InvitationService, type SignupTokenView } from './invitation.service.js';

const TAG = 'Public signup tokens';

/** Invite links people sign up with, at Unleash's paths. `{token}` is the link's secret or its `id` (the list's). */
@AdminController('invite-link/tokens', TAG)
@RequirePermission('ADMIN')
export class SignupTokenAdminController {
  constructor(private readonly invitations: InvitationService) {}

  @Get()
  @ApiOperation({ operationId: 'getAllPublicSignupTokens', summary: 'List the invite links (never their secrets)' })
  @ApiOkResponse({ type: SignupTokensSchema })
  async list(): Promise<SignupTokensSchema> {
    return { tokens: await this.invitations.listInvites() };
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({
    operationId: 'createPublicSignupToken',
    summary: 'Make an invite link',
    description:
      'People who sign up with it get its root role (Viewer by default). Its secret and URL are in this answer only. Event `public-signup-token-created`.',
  })
  @ApiCreatedResponse({ type: SignupTokenSchema })
  create(@Body() body: CreateSignupTokenSchema, @CurrentActor() actor: Actor): Promise<CreatedSignupToken> {
    return this.invitations.createInvite({ name: body.name, expiresAt: new Date(body.expiresAt), rootRole: body.rootRole }, actor);
  }

  @Get(':token')
  @ApiOperation({ operationId: 'getPublicSignupToken', summary: 'Read an invite link' })
  @ApiErrors([404, 'No such invite link'])
  @ApiOkResponse({ type: SignupTokenSchema })
  get(@Param() { token }: InviteTokenPath): Promise<SignupTokenView> {
    return this.invitations.getInvite(token);
  }

  @Put(':token')
  @ApiOperation({
    operationId: 'updatePublicSignupToken',
    summary: 'Change when an invite link expires, or turn it off and on',
    description: 'Event `public-signup-token-updated`.',
  })
  @ApiErrors([404, 'No such invite link'])
  @ApiOkResponse({ type: SignupTokenSchema })
  update(
    @Param() { token }: InviteTokenPath,
    @Body() body: UpdateSignupTokenSchema,
    @CurrentActor() actor: Actor,
  ): Promise<SignupTokenView> {
    const expiresAt = body.expiresAt === undefined ? undefined : new Date(body.expiresAt);
    return this.invitations.updateInvite(token, { expiresAt, enabled: body.enabled }, actor);
  }
}

/** Whoever holds an invite link signs up with it. */
@ApiController('auth', 'invite', TAG)
@Public()
export class InviteController {
  constructor(private readonly invitations: InvitationService) {}

  @Get(':token/validate')
  @AcceptsNoBody()
  @ApiOperation({
    operationId: 'validatePublicSignupToken',
    summary: 'Check an invite link',
    description: '200 while people may sign up with it; 404 for a link never made, 400 for one expired or turned off.',
  })
  @ApiErrors(400, [404, 'No such invite link'])
  @ApiOkResponse({ description: 'The invite link works' })
  async validate(@Param() { token }: InviteTokenPath): Promise<void> {
    await this.invitations.validateInvite(token);
  }

  @Post(':token/signup')
  @ApiOperation({
    operationId: 'addPublicSignupTokenUser',
    summary: 'Sign up with an invite link',
    description:
      'Makes a user with the invite’s root role and the chosen password (under the password policy). 409 when the email or username is taken. Events `user-created` and `public-signup-token-user-added`.',
  })
  @HttpCode(200)
  @ApiErrors([404, 'No such invite link'], 409)
  @ApiOkResponse({ type: UserSchema })
  signUp(@Param() { token }: InviteTokenPath, @Body() body: SignUpSchema): Promise<UserJson> {
    return this.invitations.signUp(token, body);
  }
}
