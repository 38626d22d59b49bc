// A project's pipeline and its settings form.
import { api } from '../../api';
import type { AppContext } from '../context';
import { implement } from '../http/register';
import { getNode } from '../services/eps';
import { pipeSettings, projectPipes } from '../services/pipes';

export function pipeRoutes({ db }: AppContext) {
  return [
    implement(api.views.pipes, async ({ params, space }) => {
      await getNode(db, space.spaceId, params.id, 'project');
      const settings = await pipeSettings(db, space.spaceId, params.id);
      return { settings, pipes: await projectPipes(db, space.spaceId, params.id, settings) };
    }),

    implement(api.views.pipeSettings, async ({ params, space }) => {
      await getNode(db, space.spaceId, params.id, 'project');
      return pipeSettings(db, space.spaceId, params.id);
    }),

    implement(api.views.savePipeSettings, async ({ params, body, space }) => {
      await getNode(db, space.spaceId, params.id, 'project');
      const hidden = JSON.stringify([...new Set(body.hidden_schedules)]);
      await db
        .insertInto('project_pipe_settings')
        .values({
          space_id: space.spaceId,
          project_id: params.id,
          stage_level: body.stage_level,
          hidden_schedules: hidden,
        })
        .onConflict((oc) =>
          oc
            .columns(['space_id', 'project_id'])
            .doUpdateSet({ stage_level: body.stage_level, hidden_schedules: hidden }),
        )
        .execute();
      return pipeSettings(db, space.spaceId, params.id);
    }),
  ];
}
