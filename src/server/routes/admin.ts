// Licence tokens of a space (load, list, remove), members' estimates/BIM seats, the home page.

import { api } from '../../api';
import type { LicenceError } from '../../domain/admin/licence';
import { activeLicence, entitlementProblem, loadProblem } from '../../domain/admin/licence';
import type { AppContext } from '../context';
import { HttpError, conflict, notFound } from '../errors';
import { implement } from '../http/register';
import { verifyLicence } from '../licence/token';
import { applyActive, describe, entitlementCounts, loadedTokens } from '../services/licences';
import { iso } from '../services/mappers';
import { listMembers } from '../services/members';
import { homeOf } from '../services/home';
import { dayOfDate, weekWindow } from '../../domain/admin/week';

const refused = (code: LicenceError) => new HttpError(400, 'BadRequest', [{ code, params: {} }]);

export const adminRoutes = (ctx: AppContext) => {
  const { db, config, events } = ctx;
  const changed = (spaceId: string) =>
    events.publish({ event: 'space_updated', space_id: spaceId, ids: [spaceId], payload: {} });

  return [
    implement(api.admin.licences, async ({ space }) =>
      describe(await loadedTokens(db, space.spaceId), new Date()),
    ),

    implement(api.admin.loadLicence, async ({ body, space }) => {
      const payload = verifyLicence(body.token, config.licencePublicKey);
      if (!payload) throw refused('LicenseDecryptFailed');
      const tokens = await loadedTokens(db, space.spaceId);
      const counts = await entitlementCounts(db, space.spaceId);
      const problem = loadProblem(payload, {
        now: new Date(),
        appVersion: config.version,
        spaceId: space.spaceId,
        loadedIds: tokens.map((t) => t.id),
        members: space.members,
        estimatesUsers: counts.estimates,
        bimUsers: counts.bim,
      });
      if (problem) throw refused(problem);
      await db
        .insertInto('licence_tokens')
        .values({
          space_id: space.spaceId,
          id: payload.id,
          token: body.token,
          payload: JSON.stringify(payload),
        })
        .execute();
      const after = await loadedTokens(db, space.spaceId);
      const active = activeLicence(after, new Date());
      if (active) await applyActive(db, space.spaceId, active);
      changed(space.spaceId);
      return describe(after, new Date()).find((l) => l.id === payload.id)!;
    }),

    implement(api.admin.removeLicence, async ({ params, space }) => {
      const tokens = await loadedTokens(db, space.spaceId);
      const token = tokens.find((t) => t.id === params.id);
      if (!token) throw notFound('licence');
      if (activeLicence(tokens, new Date()) === token) throw conflict('CannotDeleteActiveLicense');
      await db
        .deleteFrom('licence_tokens')
        .where('space_id', '=', space.spaceId)
        .where('id', '=', token.id)
        .execute();
      changed(space.spaceId);
      return { success: true as const };
    }),

    implement(api.admin.setEntitlements, async ({ body, space }) => {
      const [member] = await listMembers(db, space.spaceId, body.user_id);
      if (!member) throw notFound('member');
      const active = activeLicence(await loadedTokens(db, space.spaceId), new Date());
      const counts = await entitlementCounts(db, space.spaceId);
      for (const kind of ['estimates', 'bim'] as const) {
        if (!body[kind] || member[kind]) continue; // taking a seat away, or keeping one, is always fine
        const problem = entitlementProblem(active?.payload ?? null, kind, counts[kind] + 1);
        if (problem) throw refused(problem);
      }
      await db
        .updateTable('space_members')
        .set({ estimates: body.estimates, bim: body.bim })
        .where('space_id', '=', space.spaceId)
        .where('user_id', '=', body.user_id)
        .execute();
      events.publish({ event: 'members_updated', space_id: space.spaceId, ids: [body.user_id], payload: {} });
      return (await listMembers(db, space.spaceId, body.user_id))[0]!;
    }),

    implement(api.admin.home, async ({ space, userId, query }) => {
      const today = dayOfDate(query.today ?? new Date().toISOString().slice(0, 10))!;
      const home = await homeOf(db, space.spaceId, userId, weekWindow(today));
      return {
        ...home,
        members: space.members,
        licence: {
          user_cap: space.userCap,
          expires_at: space.licenceExpiresAt ? iso(space.licenceExpiresAt) : null,
        },
      };
    }),
  ];
};
