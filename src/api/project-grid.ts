// The project grid (route /{space_id}/grid/{project_id}): the schedules of a project, each with
// the version the grid shows (its active version), in the structure tree's order.
import { z } from 'zod';
import { IdParams } from './common';
import { route } from './route';
import { EpsNode } from './structure';
import { Version } from './versions';
import { VersionLayout, VersionLayoutInput } from './wbs-batch';

/** One schedule of the project: its node, its group (if any) and the version shown. */
export const ProjectGridSchedule = z.object({
  schedule: EpsNode,
  /** The schedule group it sits in, or null when it sits directly under the project. */
  group: EpsNode.nullable(),
  /** The active version: the actual one, else the first working version, else the first; null: none. */
  version: Version.nullable(),
  /** Every version of the schedule (by order), for the target choice. */
  versions: z.array(Version),
});
export type ProjectGridSchedule = z.infer<typeof ProjectGridSchedule>;

export const ProjectGrid = z.object({
  project: EpsNode,
  schedules: z.array(ProjectGridSchedule),
});
export type ProjectGrid = z.infer<typeof ProjectGrid>;

export const projectGridRoutes = {
  get: route({
    method: 'GET',
    path: '/projects/:id/grid',
    scope: 'space',
    summary:
      "The project grid's schedules: every schedule of the project (groups included, in tree order) with its active version",
    params: IdParams,
    response: ProjectGrid,
  }),
  layout: route({
    method: 'GET',
    path: '/projects/:id/grid/layout',
    scope: 'space',
    summary: "The caller's layout of the project grid (null when none was saved)",
    params: IdParams,
    response: z.object({ layout: VersionLayout.nullable() }),
  }),
  saveLayout: route({
    method: 'PUT',
    path: '/projects/:id/grid/layout',
    scope: 'space',
    summary:
      "Save the caller's layout of the project grid (columns, widths, frozen count, sort, grouping), as a version layout",
    params: IdParams,
    body: VersionLayoutInput,
    response: z.object({ layout: VersionLayout }),
  }),
};
