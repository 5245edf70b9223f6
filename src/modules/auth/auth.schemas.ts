import { z } from 'zod';
import { ROLES } from '../../db/schema';
import { Email } from '../../http/schemas';

export { Email };

export const NewPassword = z.string().min(8, 'must be at least 8 characters').max(1024);

export const RegisterBody = z.object({
  email: Email,
  password: NewPassword,
  // Empty or missing is the service's 422 ("required for signup without an invitation"), not a 400.
  organization_name: z.string().trim().max(200).nullish(),
  invite_token: z.string().min(1).max(200).optional(),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

export const LoginBody = z.object({ email: z.string().min(1).max(254), password: z.string().min(1).max(1024) });
export type LoginBody = z.infer<typeof LoginBody>;

export const AccountResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  user_id: z.number().int(),
  email: z.string(),
  organization_id: z.number().int(),
  role: z.enum(ROLES),
  email_verified: z.boolean(),
});
export type AccountResponse = z.infer<typeof AccountResponse>;

export const StatusOk = z.object({ status: z.literal('ok') });

export const MailDeliveryResponse = z.object({
  mode: z.enum(['smtp', 'outbox']).meta({
    description:
      '`smtp`: mail is sent through SMTP_URL; `outbox`: no SMTP is configured and mail is written to files on the server',
  }),
  outbox: z.string().nullable().meta({ description: 'The outbox folder in `outbox` mode; null with SMTP' }),
  links_in_log: z.boolean().meta({ description: "Each mail's links are also printed to the server's log" }),
});

export const ChangePasswordBody = z.object({
  current_password: z.string().min(1).max(1024),
  new_password: NewPassword,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

export const EmailOnlyBody = z.object({ email: z.string().trim().min(1).max(254) });
export type EmailOnlyBody = z.infer<typeof EmailOnlyBody>;

export const ResetPasswordBody = z.object({ token: z.string().min(1).max(200), new_password: NewPassword });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

export const VerifyEmailBody = z.object({ token: z.string().min(1).max(200) });
export type VerifyEmailBody = z.infer<typeof VerifyEmailBody>;

export const StatusVerified = z.object({ status: z.literal('verified') });
export const StatusAccountDeleted = z.object({ status: z.literal('account_deleted') });
