import { Body, Get, HttpCode, Post, Query, Req, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentActor, Public, RequirePermission } from '../../core/access/decorators.js';
import type { Actor } from '../../core/access/principal.js';
import { AdminController, ApiController } from '../../core/http/api-controller.decorator.js';
import { ApiErrors } from '../../core/http/openapi.js';
import {
  CandidatePasswordSchema,
  EmailSchema,
  ResetLinkRequestSchema,
  ResetLinkSchema,
  ResetLinkUserSchema,
  ResetPasswordSchema,
  ResetTokenQuery,
} from './invitation.dto.js';
import { type CreatedResetLink, InvitationService, type ResetLinkView } from './invitation.service.js';
import { ResetEmailThrottleGuard } from './reset-email-throttle.guard.js';

/** An admin makes a welcome or reset link for a person. */
@AdminController('user-admin', 'Users')
@RequirePermission('ADMIN')
export class ResetLinkAdminController {
  constructor(private readonly invitations: InvitationService) {}

  @Post('reset-password')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'resetUserPassword',
    summary: 'Make a password link for a user',
    description:
      'A welcome link when the user has no password (7 days), a reset link otherwise (24 hours); single-use, and dead once the password changes. ' +
      'Sent to the user by email when SMTP is configured and they have an address; otherwise (or when sending fails) the link is in the answer, for the admin to hand over. Event `password-reset-link-created`.',
  })
  @ApiErrors([404, 'No user with that id or email'])
  @ApiOkResponse({ type: ResetLinkSchema })
  create(@Body() body: ResetLinkRequestSchema, @CurrentActor() actor: Actor): Promise<CreatedResetLink> {
    return this.invitations.createResetLink(body.id, actor);
  }
}

/** The holder of a welcome or reset link sets their password. */
@ApiController('auth', 'auth/reset', 'Auth')
@Public()
export class ResetPasswordController {
  constructor(private readonly invitations: InvitationService) {}

  @Get('validate')
  @ApiOperation({
    operationId: 'validateToken',
    summary: 'Check a welcome or reset link',
    description:
      'Whom it is for while it can set a password: 404 for a link never made or whose user is gone, 400 for one used, expired, or made before the password last changed.',
  })
  @ApiErrors(400, [404, 'No such link'])
  @ApiOkResponse({ type: ResetLinkUserSchema })
  validate(@Query() query: ResetTokenQuery): Promise<ResetLinkView> {
    return this.invitations.validateResetLink(query.token, '/query/token');
  }

  @Post('password')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'changePassword',
    summary: 'Set the password with a welcome or reset link',
    description:
      'Under the password policy; the link then no longer works, and every session of the user ends. Answers as `validateToken` refuses, changing nothing. Events `password-reset-link-used` and `user-password-changed`.',
  })
  @ApiErrors([404, 'No such link'])
  @ApiOkResponse({ description: 'Password set' })
  async reset(@Body() body: ResetPasswordSchema): Promise<void> {
    await this.invitations.resetPassword(body.token, body.password);
  }

  @Post('password-email')
  @HttpCode(200)
  @UseGuards(ResetEmailThrottleGuard)
  @ApiOperation({
    operationId: 'sendResetPasswordEmail',
    summary: 'Ask for a password reset link by email (forgotten password)',
    description:
      "When SMTP is configured and the address is a user's, a reset link (24 hours, single-use) is mailed to it, at most once a minute per user. " +
      'The answer is the same whatever the address, and the link is made after it, so it tells nothing about who has an account. ' +
      'At most `PASSWORD_RESET_LIMIT_PER_MINUTE` (1) requests per client address per minute. Event `password-reset-link-created` (by the system user) when a link is made.',
  })
  @ApiErrors([429, 'Too many requests from this address; see Retry-After'])
  @ApiOkResponse({ description: 'Received (whether a mail leaves is not said)' })
  requestResetEmail(@Body() body: EmailSchema, @Req() request: Request): void {
    this.invitations.requestResetEmail(body.email, request.ip);
  }

  @Post('validate-password')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'validatePassword',
    summary: 'Check a password against the password policy (400 naming the rule when it fails)',
  })
  @ApiOkResponse({ description: 'The password meets the policy' })
  // The validation pipe has checked the body against the policy: nothing is left to do.
  checkPassword(@Body() body: CandidatePasswordSchema): void {
    void body;
  }
}
