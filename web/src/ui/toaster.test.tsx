import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { showToast } from '../lib/toast';
import { AppToaster } from './toaster';

describe('toasts', () => {
  it('shows the same message once however often it is raised', async () => {
    render(<AppToaster />);

    act(() => {
      showToast('カートに追加しました', 'success');
      showToast('カートに追加しました', 'success');
      showToast('お気に入りに追加しました', 'success');
    });

    expect(await screen.findAllByText('カートに追加しました')).toHaveLength(1);
    expect(screen.getByText('お気に入りに追加しました')).toBeInTheDocument();
  });

  it('sits at the bottom centre', async () => {
    render(<AppToaster />);
    act(() => {
      showToast('テスト');
    });
    await screen.findByText('テスト');
    const toaster = document.querySelector('[data-sonner-toaster]');
    expect(toaster).toHaveAttribute('data-y-position', 'bottom');
    expect(toaster).toHaveAttribute('data-x-position', 'center');
  });

  it('shows at most five toasts at once', async () => {
    render(<AppToaster />);
    act(() => {
      for (let n = 1; n <= 6; n += 1) showToast(`メッセージ${n}`);
    });
    await screen.findByText('メッセージ6');
    expect(document.querySelectorAll('[data-sonner-toast][data-visible="true"]')).toHaveLength(5);
  });
});
