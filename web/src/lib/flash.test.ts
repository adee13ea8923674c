import { describe, expect, it } from 'vitest';
import { advanceFlash, flashStore, setFlash } from './flash';

describe('flash messages', () => {
  it('shows a message only after the next navigation, once', () => {
    setFlash('保存しました');
    expect(flashStore.get()).toEqual({ current: null, next: { type: 'positive', text: '保存しました' } });

    advanceFlash();
    expect(flashStore.get().current).toEqual({ type: 'positive', text: '保存しました' });
    expect(flashStore.get().next).toBeNull();

    advanceFlash();
    expect(flashStore.get().current).toBeNull();
  });

  it('keeps the given type', () => {
    setFlash('失敗しました', 'negative');
    advanceFlash();
    expect(flashStore.get().current?.type).toBe('negative');
  });
});
