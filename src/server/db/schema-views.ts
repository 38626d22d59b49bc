// Kysely table types of migrations/013_views.sql: cyclogram colours, scoreboard tiles, pipe settings.
import type { ColumnType, Generated } from 'kysely';

type Json<T> = ColumnType<T, string | undefined, string>;

export interface CyclogramColorsTable {
  space_id: string;
  version_id: string;
  kind_key: string;
  kind: string;
  color: string;
}

export interface ScoreboardTilesTable {
  space_id: string;
  id: Generated<string>;
  user_id: string;
  node_id: string;
  measure: string;
  sort_order: number;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface ProjectPipeSettingsTable {
  space_id: string;
  project_id: string;
  stage_level: number;
  hidden_schedules: Json<string[]>;
}

export interface ViewsTables {
  cyclogram_colors: CyclogramColorsTable;
  scoreboard_tiles: ScoreboardTilesTable;
  project_pipe_settings: ProjectPipeSettingsTable;
}
