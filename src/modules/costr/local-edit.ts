// An edit of the estimate as the screen shows it before the server has stored it: the nodes with the
// edit applied and their computed list. The server applies the same edit (one undo step) and the
// screen reads the estimate back once its edits are answered; a refused edit is taken back then.
import type { CostNode, Coefficient, CostrSettings, Pdc } from '../../api/costr';
import { coefFromApi, nodeFromApi, settingsFromApi } from '../../api/costr';
import { pdcAnswer } from '../../api/costr-pdc';
import { DEFAULT_SETTINGS } from '../../domain/costr';

/** `nodes` with `upserts` written over (new ones last) and `deletes` gone with what they hold. */
export function applyLocalEdit(
  nodes: readonly CostNode[],
  upserts: readonly CostNode[],
  deletes: readonly string[],
): CostNode[] {
  const byId = new Map(upserts.map((n) => [n.id, n]));
  const out = nodes.map((n) => byId.get(n.id) ?? n);
  const known = new Set(nodes.map((n) => n.id));
  for (const n of upserts) if (!known.has(n.id)) out.push(n);
  if (!deletes.length) return out;
  const gone = new Set(deletes);
  // A section takes its contents: repeat until no node is left under a deleted one.
  for (let grew = true; grew;) {
    grew = false;
    for (const n of out)
      if (!gone.has(n.id) && n.parent_id !== null && gone.has(n.parent_id)) {
        gone.add(n.id);
        grew = true;
      }
  }
  return out.filter((n) => !gone.has(n.id));
}

/** The computed list of `nodes`, as the server would answer it; null when it cannot be computed. */
export function localPdc(
  nodes: readonly CostNode[],
  coefs: readonly Coefficient[],
  settings: CostrSettings | null,
): Pdc | null {
  try {
    return pdcAnswer(
      nodes.map(nodeFromApi),
      coefs.map(coefFromApi),
      settings ? settingsFromApi(settings) : DEFAULT_SETTINGS,
    );
  } catch {
    return null; // a coefficient cycle or an amount out of range: the server's answer will say so
  }
}
