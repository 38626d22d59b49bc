// The checks of a backup file brought back (backup-file.ts): a backup of the schedule made in the
// space passes; any row of another space, a per-version row of a version not in the file, an
// attribute elsewhere or the access of an attribute not in the file is named; other files are not
// backups, or of a newer format, or of another schedule.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BACKUP_FORMAT, backupFileProblem } from '../../../src/domain/admin/backup-file';

const SPACE = 'space-a';
const SCHEDULE = 'sched-1';

const backupArb = fc
  .record({
    versions: fc.uniqueArray(fc.uuid(), { minLength: 1, maxLength: 4 }),
    rows: fc.array(fc.tuple(fc.nat(), fc.constantFrom('wbs_items', 'wbs_relations', 'timesheets')), {
      maxLength: 30,
    }),
    attributes: fc.array(fc.tuple(fc.uuid(), fc.nat()), { maxLength: 5 }),
  })
  .map(({ versions, rows, attributes }) => {
    const tables: Record<string, Record<string, unknown>[]> = {
      wbs_items: [],
      wbs_relations: [],
      timesheets: [],
    };
    for (const [i, table] of rows)
      tables[table]!.push({ space_id: SPACE, version_id: versions[i % versions.length], id: `r${i}` });
    const nodes = [SCHEDULE, ...versions];
    const attrs = attributes.map(([id, i]) => ({
      space_id: SPACE,
      id,
      node_id: nodes[i % nodes.length],
      scope: i % nodes.length === 0 ? 'schedule' : 'version',
    }));
    return {
      format: BACKUP_FORMAT,
      format_version: 1,
      created_at: '2026-11-28T10:00:00.000Z',
      schedule: { id: SCHEDULE, name: 'S' },
      versions: versions.map((id) => ({ space_id: SPACE, id, schedule_id: SCHEDULE })),
      calendars: [{ space_id: SPACE, id: 'cal' }],
      attributes: attrs,
      attribute_access: attrs.map((a) => ({ space_id: SPACE, attribute_id: a.id, role_id: 'r' })),
      tables,
    };
  });

describe('backupFileProblem', () => {
  it('passes a backup of the schedule made in the space', () => {
    fc.assert(fc.property(backupArb, (b) => backupFileProblem(b, SPACE, SCHEDULE) === null));
  });

  it('names a row of another space, wherever it is', () => {
    fc.assert(
      fc.property(backupArb, fc.nat(), (b, pick) => {
        const rows = [
          ...b.versions,
          ...b.calendars,
          ...b.attributes,
          ...b.attribute_access,
          ...Object.values(b.tables).flat(),
        ];
        rows[pick % rows.length]!.space_id = 'space-b';
        return backupFileProblem(b, SPACE, SCHEDULE)?.code === 'backup.other_space';
      }),
    );
  });

  it('names a per-version row of a version not in the file, and the table', () => {
    fc.assert(
      fc.property(
        backupArb.filter((b) => b.tables.wbs_items!.length > 0),
        fc.nat(),
        (b, pick) => {
          b.tables.wbs_items![pick % b.tables.wbs_items!.length]!.version_id = 'another-version';
          expect(backupFileProblem(b, SPACE, SCHEDULE)).toEqual({
            code: 'backup.inconsistent',
            params: { what: 'wbs_items' },
          });
        },
      ),
    );
  });

  it('names attributes placed elsewhere and access of attributes not in the file', () => {
    fc.assert(
      fc.property(
        backupArb.filter((b) => b.attributes.length > 0),
        (b) => {
          const moved = structuredClone(b);
          moved.attributes[0]!.node_id = 'other-node';
          expect(backupFileProblem(moved, SPACE, SCHEDULE)?.params).toEqual({ what: 'attributes' });
          b.attribute_access[0]!.attribute_id = 'gone';
          expect(backupFileProblem(b, SPACE, SCHEDULE)?.params).toEqual({ what: 'attribute_access' });
        },
      ),
    );
  });

  it('tells other files, newer formats and other schedules apart', () => {
    expect(backupFileProblem(null, SPACE, SCHEDULE)?.code).toBe('backup.not_backup');
    expect(backupFileProblem([1, 2], SPACE, SCHEDULE)?.code).toBe('backup.not_backup');
    expect(backupFileProblem({ format: 'x' }, SPACE, SCHEDULE)?.code).toBe('backup.not_backup');
    fc.assert(
      fc.property(backupArb, (b) => {
        expect(backupFileProblem({ ...b, format_version: 2 }, SPACE, SCHEDULE)).toEqual({
          code: 'backup.newer_format',
          params: { version: '2' },
        });
        expect(backupFileProblem({ ...b, versions: 'many' }, SPACE, SCHEDULE)?.code).toBe(
          'backup.not_backup',
        );
        expect(backupFileProblem({ ...b, created_at: 'yesterday' }, SPACE, SCHEDULE)?.code).toBe(
          'backup.not_backup',
        );
        expect(backupFileProblem(b, SPACE, 'sched-2')?.code).toBe('backup.other_schedule');
      }),
    );
  });
});
