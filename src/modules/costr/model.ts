// The screen's helpers over the contract's nodes and the domain's.
import { keysBetween } from '../../domain/wbs/order-key';

export { DEFAULT_SETTINGS, checkField, emptyNode, flattenTree, pasteMatrix } from '../../domain/costr';

export { nodeFromApi as fromApi, nodeToApi as toApi } from '../../api/costr';

/** `n` order keys after `last` (null: the first ones). */
export const keysBetweenSafe = (last: string | null, n: number): string[] => keysBetween(last, null, n);
