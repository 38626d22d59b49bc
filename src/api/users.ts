// Sign-in and the user's own account (spec §7 Auth, Users).
import { z } from 'zod';
import { Email, Id, IdParams, Name, Ok, Password, Text, Timestamp } from './common';
import { PermissionMatrix, RoleValue } from './roles';
import { route } from './route';

/** Where a user gets notices (spec §6): the site, the corporate mail, the product's messenger. */
export const NOTIFICATION_CHANNELS = ['site', 'corporate', 'product'] as const;
export const NotificationChannel = z.enum(NOTIFICATION_CHANNELS);
export type NotificationChannel = z.infer<typeof NotificationChannel>;

export const User = z.object({
  id: Id,
  login: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  has_avatar: z.boolean(),
  /** Path of the avatar blob, or null when none: /api/v1/users/{id}/avatar. */
  avatar_url: z.string().nullable(),
  has_secret_question: z.boolean(),
  notification_channels: z.array(NotificationChannel),
  privacy_policy_accepted_at: Timestamp.nullable(),
  created_at: Timestamp,
});
export type User = z.infer<typeof User>;

/** Logins are names (§5) restricted further to letters, digits and . _ - so they stay typeable. */
export const Login = Name.refine((s) => /^[\p{L}\p{N}._-]+$/u.test(s), {
  params: { code: 'prohibited_characters' },
});

export const Registration = z
  .object({
    login: Login,
    email: Email,
    first_name: Name,
    last_name: Name,
    password: Password,
    password_confirmation: Password,
    secret_question: Text,
    answer: Text,
  })
  .refine((r) => r.password === r.password_confirmation, {
    path: ['password_confirmation'],
    params: { code: 'password_mismatch' },
  });
export type Registration = z.infer<typeof Registration>;

export const Session = z.object({
  token: z.string(),
  user: User,
  idle_timeout_minutes: z.number().int(),
});
export type Session = z.infer<typeof Session>;

export const UserSpace = z.object({
  id: Id,
  name: z.string(),
  kind: z.enum(['demo', 'free', 'paid']),
  role_id: Id,
  role_value: RoleValue,
  is_owner: z.boolean(),
});
export type UserSpace = z.infer<typeof UserSpace>;

export const SpaceConfig = z.object({
  space_id: Id,
  name: z.string(),
  kind: z.enum(['demo', 'free', 'paid']),
  role_id: Id,
  role_name: z.string(),
  role_value: RoleValue,
  /** Abilities in any module (a quick check); `permissions` says per module. */
  can: z.object({ read: z.boolean(), edit: z.boolean(), admin: z.boolean() }),
  permissions: PermissionMatrix,
  /** The space's settings that the client applies: language of members without one, idle time-out. */
  default_language: z.enum(['en', 'ru', 'fr']).nullable(),
  idle_timeout_minutes: z.number().int().positive().nullable(),
  licence: z.object({
    user_cap: z.number().int(),
    members: z.number().int(),
    expires_at: Timestamp.nullable(),
  }),
  /** Whether the space's entitlement has the estimates and BIM modules (a seat is taken at first use). */
  modules: z.object({ estimates: z.boolean(), bim: z.boolean() }),
});
export type SpaceConfig = z.infer<typeof SpaceConfig>;

export const authRoutes = {
  login: route({
    method: 'POST',
    path: '/auth/login',
    scope: 'public',
    summary: 'Sign in with login (or email) and password; rate-limited per IP',
    body: z.object({ login: z.string().trim().min(1).max(254), password: z.string().min(1).max(128) }),
    response: Session,
  }),
  logout: route({
    method: 'POST',
    path: '/auth/logout',
    scope: 'user',
    summary: 'End this session (all=true ends every session of the user)',
    query: z.object({ all: z.enum(['true', 'false']).optional() }),
    response: Ok,
  }),
};

export const userRoutes = {
  whoAmI: route({
    method: 'GET',
    path: '/users/who-am-i',
    scope: 'user',
    summary: 'The signed-in user',
    response: User,
  }),
  update: route({
    method: 'PUT',
    path: '/users',
    scope: 'user',
    summary:
      'Change own email, names and notification channels; a new secret question and answer need the current password',
    body: z
      .object({
        email: Email,
        first_name: Name,
        last_name: Name,
        notification_channels: z.array(NotificationChannel).max(3).optional(),
        secret_question: Text.optional(),
        answer: Text.optional(),
        password: z.string().min(1).max(128).optional(),
      })
      .refine((b) => (b.secret_question === undefined) === (b.answer === undefined), {
        path: ['answer'],
        params: { code: 'required' },
      })
      .refine((b) => b.secret_question === undefined || b.password !== undefined, {
        path: ['password'],
        params: { code: 'required' },
      }),
    response: User,
  }),
  register: route({
    method: 'POST',
    path: '/users/register',
    scope: 'public',
    summary: 'Create an account with a secret question for password recovery',
    body: Registration,
    response: User,
    status: 201,
  }),
  registerAndLogin: route({
    method: 'POST',
    path: '/users/register-and-login',
    scope: 'public',
    summary: 'Register, then sign in',
    body: Registration,
    response: Session,
    status: 201,
  }),
  changePassword: route({
    method: 'PUT',
    path: '/users/change-password',
    scope: 'user',
    summary: 'Change own password; other sessions end',
    body: z
      .object({
        old_password: z.string().min(1).max(128),
        password: Password,
        password_confirmation: Password,
      })
      .refine((r) => r.password === r.password_confirmation, {
        path: ['password_confirmation'],
        params: { code: 'password_mismatch' },
      }),
    response: Ok,
  }),
  resetPasswordRequest: route({
    method: 'PUT',
    path: '/users/reset-password-request',
    scope: 'public',
    summary: 'Step 1 of recovery: the secret question of a login',
    body: z.object({ login: z.string().trim().min(1).max(254) }),
    response: z.object({ secret_question: z.string() }),
  }),
  resetPassword: route({
    method: 'PUT',
    path: '/users/reset-password',
    scope: 'public',
    summary: 'Step 2: answer the question; returns a 15-minute reset token',
    body: z.object({ login: z.string().trim().min(1).max(254), answer: z.string().trim().min(1).max(200) }),
    response: z.object({ reset_token: z.string() }),
  }),
  changeForgottenPassword: route({
    method: 'PUT',
    path: '/users/change-forgotten-password',
    scope: 'public',
    summary: 'Step 3: set a new password with the reset token; every session ends',
    body: z
      .object({
        reset_token: z.string().min(1).max(200),
        password: Password,
        password_confirmation: Password,
      })
      .refine((r) => r.password === r.password_confirmation, {
        path: ['password_confirmation'],
        params: { code: 'password_mismatch' },
      }),
    response: Ok,
  }),
  uploadAvatar: route({
    method: 'POST',
    path: '/users/avatar',
    scope: 'user',
    summary: 'Multipart field "file": PNG, JPEG, GIF or WebP up to 1 MB',
    consumes: 'multipart',
    response: User,
  }),
  getAvatar: route({
    method: 'GET',
    path: '/users/:id/avatar',
    scope: 'user',
    summary: 'Avatar image of a user sharing a space with the caller (or the caller)',
    params: IdParams,
    response: 'blob',
  }),
  deleteAvatar: route({
    method: 'DELETE',
    path: '/users/avatar',
    scope: 'user',
    summary: 'Remove own avatar',
    response: User,
  }),
  acceptPrivacyPolicy: route({
    method: 'PUT',
    path: '/users/accept-privacy-policy',
    scope: 'user',
    summary: 'Record acceptance of the privacy policy',
    response: User,
  }),
  spaces: route({
    method: 'GET',
    path: '/users/spaces',
    scope: 'user',
    summary: "Spaces the user is a member of, with the user's role",
    response: z.array(UserSpace),
  }),
  spaceConfig: route({
    method: 'GET',
    path: '/users/space-config',
    scope: 'space',
    summary: "The caller's role, abilities and the licence of the space in the space-id header",
    response: SpaceConfig,
  }),
};
