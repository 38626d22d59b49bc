// The generic confirmation dialog's state (spec §2 and §4): open/closed, checkbox value returned.
import { describe, expect, it } from 'vitest';
import { useConfirm } from '../../src/state/confirm';

describe('confirm store', () => {
  it('opens with the options and returns the checkbox value on confirm', async () => {
    const answer = useConfirm.getState().ask({ message: 'Sure?', checkboxLabel: 'Remember' });
    expect(useConfirm.getState().open?.message).toBe('Sure?');
    useConfirm.getState().settle({ confirmed: true, checked: true });
    await expect(answer).resolves.toEqual({ confirmed: true, checked: true });
    expect(useConfirm.getState().open).toBeNull();
  });

  it('a second question cancels the first', async () => {
    const first = useConfirm.getState().ask({ message: 'One' });
    const second = useConfirm.getState().ask({ message: 'Two' });
    await expect(first).resolves.toEqual({ confirmed: false, checked: false });
    expect(useConfirm.getState().open?.message).toBe('Two');
    useConfirm.getState().settle({ confirmed: false, checked: false });
    await expect(second).resolves.toMatchObject({ confirmed: false });
  });
});
