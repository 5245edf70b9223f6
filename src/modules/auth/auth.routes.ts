import { z } from 'zod';
import type { RouteModule } from '../../http/types';
import { RATE_LIMITS } from '../../http/rate-limits';
import {
  AccountResponse,
  ChangePasswordBody,
  EmailOnlyBody,
  LoginBody,
  MailDeliveryResponse,
  RegisterBody,
  ResetPasswordBody,
  StatusAccountDeleted,
  StatusOk,
  StatusVerified,
  VerifyEmailBody,
} from './auth.schemas';

export const authRoutes: RouteModule = (app, { services }) => {
  app.post('/auth/register', {
    config: { public: true, rateLimit: RATE_LIMITS.auth },
    schema: {
      tags: ['auth'],
      summary: 'Create an account',
      security: [],
      body: RegisterBody,
      response: { 200: AccountResponse },
    },
    handler: (req) => services.auth.register({ ctx: req.ctx, input: req.body }),
  });

  app.post('/auth/login', {
    config: { public: true, rateLimit: RATE_LIMITS.auth },
    schema: { tags: ['auth'], summary: 'Log in', security: [], body: LoginBody, response: { 200: AccountResponse } },
    handler: (req) => services.auth.login({ ctx: req.ctx, input: req.body }),
  });

  app.post('/auth/change-password', {
    config: { rateLimit: RATE_LIMITS.auth },
    schema: {
      tags: ['auth'],
      summary: 'Change the caller’s password (older login tokens stop working; a fresh one is returned)',
      body: ChangePasswordBody,
      response: { 200: StatusOk.extend({ access_token: z.string() }) },
    },
    handler: (req) => services.auth.changePassword({ ctx: req.ctx, input: req.body }),
  });

  app.post('/auth/forgot-password', {
    config: { public: true, rateLimit: RATE_LIMITS.authLinks },
    schema: {
      tags: ['auth'],
      summary: 'Mail a password reset link (always 200)',
      security: [],
      body: EmailOnlyBody,
      response: { 200: StatusOk },
    },
    handler: (req) => services.auth.forgotPassword({ ctx: req.ctx, input: req.body }),
  });

  app.post('/auth/reset-password', {
    config: { public: true, rateLimit: RATE_LIMITS.authLinks },
    schema: {
      tags: ['auth'],
      summary: 'Set a new password with a reset token',
      security: [],
      body: ResetPasswordBody,
      response: { 200: StatusOk },
    },
    handler: (req) => services.auth.resetPassword({ ctx: req.ctx, input: req.body }),
  });

  app.post('/auth/verify-email', {
    config: { public: true, rateLimit: RATE_LIMITS.authLinks },
    schema: {
      tags: ['auth'],
      summary: 'Confirm an email address',
      security: [],
      body: VerifyEmailBody,
      response: { 200: StatusVerified },
    },
    handler: (req) => services.auth.verifyEmail({ ctx: req.ctx, input: req.body }),
  });

  app.get('/auth/mail-delivery', {
    config: { public: true },
    schema: {
      tags: ['auth'],
      summary: 'Where verification, reset and invitation mail goes (SMTP, or files on the server)',
      security: [],
      response: { 200: MailDeliveryResponse },
    },
    handler: (req) => services.auth.mailDelivery({ ctx: req.ctx }),
  });

  app.post('/auth/resend-verification', {
    config: { public: true, rateLimit: RATE_LIMITS.authLinks },
    schema: {
      tags: ['auth'],
      summary: 'Mail a new verification link (always 200)',
      security: [],
      body: EmailOnlyBody,
      response: { 200: StatusOk },
    },
    handler: (req) => services.auth.resendVerification({ ctx: req.ctx, input: req.body }),
  });

  app.delete('/auth/account', {
    schema: {
      tags: ['auth'],
      summary: 'Permanently delete the caller’s account',
      response: { 200: StatusAccountDeleted },
    },
    handler: (req) => services.accounts.deleteAccount({ ctx: req.ctx }),
  });
};
