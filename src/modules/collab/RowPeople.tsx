// The executor and the curator of the focused row, in the node panel's information tab: two
// choosers over the version's members (the executor's over the members flagged executor). A
// change is sent at once and is a step of the workbench's undo history; whoever is named gets
// a notice on their channels (server side).
import { useEffect, useId, useState } from 'react';
import { useOutletContext } from 'react-router-dom';
import type { Member } from '../../api';
import { ApiError, errorItems } from '../../app/api/errors';
import type { SpaceContext } from '../../app/layout/MainLayout';
import { useWorkbench } from '../../state/workbench/store';
import { nameRowPerson, peopleOfRow, useRowPeople, watchRowPeople } from '../../state/row-people';
import { useCollabT } from './i18n';
import './collab.css';

const fullName = (m: Member) => `${m.first_name} ${m.last_name}`.trim() || m.login;

function failure(err: unknown): string {
  if (err instanceof ApiError)
    return (
      errorItems(err.body)
        .map((i) => i.error_message || i.code)
        .join('; ') || err.message
    );
  return err instanceof Error ? err.message : String(err);
}

export function RowPeople({ versionId, wbsId }: { versionId: string; wbsId: string }) {
  const { t } = useCollabT();
  const space = useOutletContext<SpaceContext | undefined>();
  const locked = useWorkbench((s) => s.version?.locked ?? false);
  const canEdit = !locked && (space?.config?.can.edit ?? false);
  const id = useId();
  const members = useRowPeople((s) => s.members);
  const people = useRowPeople((s) => peopleOfRow(s, wbsId));
  const loadError = useRowPeople((s) => s.error);
  // A refusal belongs to the row it was about: moving to another row hides it.
  const [failed, setFailed] = useState<{ wbsId: string; text: string } | null>(null);
  const error = failed?.wbsId === wbsId ? failed.text : null;
  const setError = (text: string | null) => setFailed(text === null ? null : { wbsId, text });
  useEffect(() => watchRowPeople(versionId), [versionId]);

  const choose = (role: 'executor_id' | 'curator_id', value: string) => {
    setError(null);
    nameRowPerson(versionId, wbsId, role, value || null).catch((err: unknown) => setError(failure(err)));
  };
  const chooser = (role: 'executor_id' | 'curator_id', label: string, list: Member[]) => {
    const current = people[role];
    // Someone named before losing the executor flag stays visible as the current choice.
    const shown =
      current && !list.some((m) => m.user_id === current)
        ? [...list, ...members.filter((m) => m.user_id === current)]
        : list;
    return (
      <div className="row-people-field">
        <label htmlFor={`${id}-${role}`}>{label}</label>
        <select
          id={`${id}-${role}`}
          value={current ?? ''}
          disabled={!canEdit}
          onChange={(e) => choose(role, e.target.value)}
        >
          <option value="">{t('people.none')}</option>
          {shown.map((m) => (
            <option key={m.user_id} value={m.user_id}>
              {fullName(m)} ({m.login})
            </option>
          ))}
        </select>
      </div>
    );
  };
  const executors = members.filter((m) => m.executor);
  return (
    <div className="row-people" role="group" aria-label={t('people.title')}>
      {chooser('executor_id', t('people.executor'), executors)}
      {chooser('curator_id', t('people.curator'), members)}
      {executors.length === 0 && members.length > 0 && (
        <p className="row-people-hint">{t('people.no_executors')}</p>
      )}
      {(error ?? loadError) && (
        <p className="row-people-error" role="alert">
          {error ?? loadError}
        </p>
      )}
    </div>
  );
}
