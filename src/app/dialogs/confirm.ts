// confirm(): open the generic confirmation dialog and wait for the answer.
import { type ConfirmOptions, type ConfirmResult, useConfirm } from '../../state/confirm';

export function confirm(options: ConfirmOptions): Promise<ConfirmResult> {
  return useConfirm.getState().ask(options);
}
