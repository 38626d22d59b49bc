// Remote spaces (spec §7 Space: GET remote-spaces, POST space/copy-remote; issue 21; docs/admin.md):
// copy a space from another deployment of the product. The source's operator sets a read-only
// token (REMOTE_ACCESS_TOKEN) and which spaces it shows (REMOTE_ACCESS_SPACES), or a space's
// administrator issues a token that shows that space only (space/{id}/remote-tokens); the target's space administrator lists those spaces with the source's address and the token, and
// copies one as a new space of their own. The source answers two calls of its own, authorised by
// that token (`Authorization: Bearer …`), not by a session.
import { z } from 'zod';
import { Id, IdParams, Name, Ok, SpaceParams, Timestamp } from './common';
import { route } from './route';
import { UserSpace } from './users';

export const RemoteUrl = z.string().min(1).max(2000);
export const RemoteToken = z.string().min(1).max(500);

export const CopyFigures = z.object({
  schedules: z.number().int(),
  versions: z.number().int(),
  rows: z.number().int(),
  relations: z.number().int(),
  calendars: z.number().int(),
  resources: z.number().int(),
  directories: z.number().int(),
  attributes: z.number().int(),
});
export type CopyFigures = z.infer<typeof CopyFigures>;

export const RemoteSpace = z.object({ id: Id, name: z.string(), figures: CopyFigures });
export type RemoteSpace = z.infer<typeof RemoteSpace>;

/** What a source tells about itself and the spaces the token shows. */
export const RemoteCatalogue = z.object({
  product: z.literal('planning-workbench'),
  /** The copy format the source writes; a target copies only its own. */
  format_version: z.number().int(),
  app_version: z.string(),
  spaces: z.array(RemoteSpace),
});
export type RemoteCatalogue = z.infer<typeof RemoteCatalogue>;

export const RemoteSpaces = z.object({
  /** The source's base address as checked (no trailing slash). */
  url: z.string(),
  app_version: z.string(),
  spaces: z.array(RemoteSpace),
});
export type RemoteSpaces = z.infer<typeof RemoteSpaces>;

export const CopyRemoteBody = z
  .object({
    url: RemoteUrl,
    token: RemoteToken,
    /** The space's id on the source. */
    space_id: Id,
    /** The new space's name (default: the source's). */
    name: Name.optional(),
  })
  .strict();

export const CopiedSpace = z.object({
  space: UserSpace,
  copied: CopyFigures,
  source: z.object({ url: z.string(), space_id: Id, app_version: z.string() }),
});
export type CopiedSpace = z.infer<typeof CopiedSpace>;

/** A token the space's administrator issued for copies of this space to other deployments. */
export const RemoteTokenInfo = z.object({
  id: Id,
  label: z.string(),
  created_by: z.string().nullable(),
  created_at: Timestamp,
  last_used_at: Timestamp.nullable(),
});
export type RemoteTokenInfo = z.infer<typeof RemoteTokenInfo>;

export const remoteRoutes = {
  tokens: route({
    method: 'GET',
    path: '/space/:space_id/remote-tokens',
    scope: 'space',
    ability: 'admin',
    summary: 'Tokens that let another deployment copy this space (their values are never shown again)',
    params: SpaceParams,
    response: z.array(RemoteTokenInfo),
  }),
  issueToken: route({
    method: 'POST',
    path: '/space/:space_id/remote-tokens',
    scope: 'space',
    ability: 'admin',
    summary:
      "Issue a token that shows only this space to another deployment's copy (the token is in this answer only)",
    params: SpaceParams,
    body: z.object({ label: Name }).strict(),
    response: RemoteTokenInfo.extend({ token: z.string() }),
    status: 201,
  }),
  revokeToken: route({
    method: 'DELETE',
    path: '/space/:space_id/remote-tokens/:id',
    scope: 'space',
    ability: 'admin',
    summary: 'Revoke a remote-access token of this space',
    params: SpaceParams.extend({ id: Id }),
    response: Ok,
  }),
  list: route({
    method: 'GET',
    path: '/remote-spaces',
    scope: 'space',
    ability: 'admin',
    summary:
      "The spaces another deployment's remote-access token shows (url: its address, http or https; token: set by its administrator)",
    query: z.object({ url: RemoteUrl, token: RemoteToken }).strict(),
    response: RemoteSpaces,
  }),
  copy: route({
    method: 'POST',
    path: '/space/copy-remote',
    scope: 'space',
    ability: 'admin',
    summary:
      'Copy a space of another deployment as a new space of the caller (every id new, in one transaction: all or nothing)',
    body: CopyRemoteBody,
    response: CopiedSpace,
    status: 201,
  }),
  exportList: route({
    method: 'GET',
    path: '/remote/export/spaces',
    scope: 'public',
    summary:
      "Source side: the spaces this deployment's remote-access token shows (Authorization: Bearer the token; 404 when none is set)",
    response: RemoteCatalogue,
  }),
  exportSpace: route({
    method: 'GET',
    path: '/remote/export/spaces/:id',
    scope: 'public',
    summary: "Source side: a space's copy, gzipped JSON (Authorization: Bearer the remote-access token)",
    params: IdParams,
    response: 'blob',
  }),
};
