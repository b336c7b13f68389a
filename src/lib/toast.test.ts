import { beforeEach, describe, expect, it, vi } from 'vitest';

const close = vi.fn();
const show = vi.fn(() => ({ close }));
vi.mock('./toast-kit', () => ({ Toast: { show } }));

const { hideLoading, showLoading, toast } = await import('./toast');
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('toasts with the kit loaded on first use', () => {
  beforeEach(() => {
    show.mockClear();
    close.mockClear();
  });

  it('a spinner hidden before the kit has arrived never shows', async () => {
    showLoading();
    hideLoading();
    await settle();
    expect(show).not.toHaveBeenCalled();
  });

  it('a spinner shown once the kit is there closes on hide, and a second show replaces the first', async () => {
    showLoading();
    await settle();
    expect(show).toHaveBeenCalledTimes(1);
    showLoading();
    await settle();
    expect(show).toHaveBeenCalledTimes(2);
    expect(close).toHaveBeenCalledTimes(1);
    hideLoading();
    expect(close).toHaveBeenCalledTimes(2);
  });

  it('a message shows with the spec’s 1.5 s, and an empty one not at all', async () => {
    toast('Saved');
    toast('');
    await settle();
    expect(show).toHaveBeenCalledTimes(1);
    expect(show).toHaveBeenCalledWith({ content: 'Saved', duration: 1500 });
  });
});
