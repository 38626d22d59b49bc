// The grid's Executor column (issue 21): a row's executor is not a field of the WBS row (the spec's
// data model keeps it beside the row: wbs_people, PATCH versions/{id}/row-people), so the column
// reads the row-people store and a choice goes through nameRowPerson — one server call, one step
// of the workbench's undo history, live to other editors by row_people_updated.
import type { Member } from '../../api';
import type { DirectoryChoice } from '../../domain/directory/picker';
import { hasOwnPeople, membersOfRow, nameRowPerson, peopleOfRow, useRowPeople } from '../row-people';
import { services } from './services';

export const memberName = (m: Pick<Member, 'first_name' | 'last_name' | 'login'>): string =>
  `${m.first_name} ${m.last_name}`.trim() || m.login;

/** Reads a row's executor from the store as it is now (the text context calls it per cell). */
export function executorOfRow(): (rowId: string) => { name: string; login: string } | undefined {
  const s = useRowPeople.getState();
  const byId = new Map(s.members.map((m) => [m.user_id, m]));
  return (rowId) => {
    const id = s.rows.get(rowId)?.executor_id;
    const m = id ? byId.get(id) : undefined;
    return m ? { name: memberName(m), login: m.login } : undefined;
  };
}

/**
 * The picker's choices: the members flagged executor by name (the login as the code), and the
 * row's current executor even when no longer flagged (so the cell shows what it holds).
 */
export function executorChoices(members: readonly Member[], currentId: string | null): DirectoryChoice[] {
  return members
    .filter((m) => m.executor || m.user_id === currentId)
    .map((m) => ({ code: m.login, name: memberName(m), depth: 0 }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export function rowExecutorChoices(rowId: string): DirectoryChoice[] {
  const s = useRowPeople.getState();
  return executorChoices(membersOfRow(s, rowId), peopleOfRow(s, rowId).executor_id);
}

/** Names the member of that login executor of the row ('' clears); a refusal is told in a toast. */
export function nameExecutorByLogin(versionId: string, rowId: string, login: string): void {
  const sv = services();
  if (!hasOwnPeople(rowId)) {
    sv.notify('warning', sv.t('grid.executor_no_version'));
    return;
  }
  const text = login.trim();
  const member = text
    ? membersOfRow(useRowPeople.getState(), rowId).find((m) => m.login.toLowerCase() === text.toLowerCase())
    : null;
  if (member === undefined) {
    sv.notify('warning', sv.t('grid.executor_unknown', { value: text }));
    return;
  }
  // A refusal (not an executor any more, no edit right) is told by the call's own error toast.
  nameRowPerson(versionId, rowId, 'executor_id', member?.user_id ?? null).catch(() => undefined);
}
