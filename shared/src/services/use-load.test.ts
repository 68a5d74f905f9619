import { act, renderHook, waitFor } from '@testing-library/react';
import { useLoad } from './use-load';

/** One call of a load: its signal, and resolve/reject to settle it when the test says so. */
interface Call<T> {
  arg: string;
  signal: AbortSignal;
  resolve(value: T): void;
  reject(error: unknown): void;
}

function controlledLoad<T>() {
  const calls: Call<T>[] = [];
  const load = (arg: string, signal: AbortSignal) =>
    new Promise<T>((resolve, reject) => calls.push({ arg, signal, resolve, reject }));
  return { calls, load };
}

describe('useLoad', () => {
  it('shows loading, then the data the load resolved with', async () => {
    const { calls, load } = controlledLoad<string[]>();
    const { result } = renderHook(() => useLoad((signal) => load('a', signal), []));

    expect(result.current.state).toEqual({ status: 'loading' });
    expect(calls).toHaveLength(1);
    await act(async () => calls[0].resolve(['x', 'y']));
    expect(result.current.state).toEqual({ status: 'ready', data: ['x', 'y'] });
    expect(calls[0].signal.aborted).toBe(false);
  });

  it('shows the error, and retry() shows loading and loads again', async () => {
    const { calls, load } = controlledLoad<number>();
    const failure = new Error('boom');
    const { result } = renderHook(() => useLoad((signal) => load('a', signal), []));

    await act(async () => calls[0].reject(failure));
    expect(result.current.state).toEqual({ status: 'error', error: failure });

    act(() => result.current.retry());
    expect(result.current.state).toEqual({ status: 'loading' });
    expect(calls).toHaveLength(2);
    await act(async () => calls[1].resolve(7));
    expect(result.current.state).toEqual({ status: 'ready', data: 7 });
  });

  it('a load that throws before returning a promise ends in the error state', async () => {
    const failure = new Error('sync');
    const { result } = renderHook(() =>
      useLoad((): Promise<number> => {
        throw failure;
      }, []),
    );
    await waitFor(() => expect(result.current.state).toEqual({ status: 'error', error: failure }));
  });

  it('a deps change aborts the earlier load; its late answer is dropped and the latest load wins', async () => {
    const { calls, load } = controlledLoad<string>();
    const { result, rerender } = renderHook(({ id }) => useLoad((signal) => load(id, signal), [id]), {
      initialProps: { id: 'first' },
    });

    await act(async () => calls[0].resolve('first data'));
    expect(result.current.state).toEqual({ status: 'ready', data: 'first data' });

    rerender({ id: 'second' });
    expect(calls[0].signal.aborted).toBe(true);
    expect(result.current.state).toEqual({ status: 'loading' });
    rerender({ id: 'third' });
    expect(calls.map((c) => c.arg)).toEqual(['first', 'second', 'third']);
    expect(calls[1].signal.aborted).toBe(true);

    await act(async () => calls[2].resolve('third data'));
    await act(async () => calls[1].resolve('second data'));
    expect(result.current.state).toEqual({ status: 'ready', data: 'third data' });
    expect(calls[2].signal.aborted).toBe(false);
  });

  it('unmount aborts the load and drops its answer', async () => {
    const { calls, load } = controlledLoad<string>();
    const seen: string[] = [];
    const { unmount } = renderHook(() => {
      const { state } = useLoad((signal) => load('a', signal), []);
      seen.push(state.status);
    });

    unmount();
    expect(calls[0].signal.aborted).toBe(true);
    await act(async () => calls[0].resolve('late'));
    expect(seen).not.toContain('ready');
  });

  it('reload() keeps the data on screen until the new data is there', async () => {
    const { calls, load } = controlledLoad<string>();
    const { result } = renderHook(() => useLoad((signal) => load('a', signal), []));
    await act(async () => calls[0].resolve('old'));

    act(() => result.current.reload());
    expect(calls).toHaveLength(2);
    expect(result.current.state).toEqual({ status: 'ready', data: 'old' });
    await act(async () => calls[1].resolve('new'));
    expect(result.current.state).toEqual({ status: 'ready', data: 'new' });
  });

  it('update() changes loaded data and does nothing while loading', async () => {
    const { calls, load } = controlledLoad<string[]>();
    const { result } = renderHook(() => useLoad((signal) => load('a', signal), []));

    act(() => result.current.update((list) => [...list, 'ignored']));
    expect(result.current.state).toEqual({ status: 'loading' });
    await act(async () => calls[0].resolve(['a']));
    act(() => result.current.update((list) => [...list, 'b']));
    expect(result.current.state).toEqual({ status: 'ready', data: ['a', 'b'] });
  });

  it('loads nothing while disabled, and keeps its state when disabled again', async () => {
    const { calls, load } = controlledLoad<string>();
    const { result, rerender } = renderHook(({ on }) => useLoad((signal) => load('a', signal), [], on), {
      initialProps: { on: false },
    });
    expect(calls).toHaveLength(0);

    rerender({ on: true });
    await act(async () => calls[0].resolve('data'));
    rerender({ on: false });
    expect(calls).toHaveLength(1);
    expect(calls[0].signal.aborted).toBe(true);
    expect(result.current.state).toEqual({ status: 'ready', data: 'data' });
  });
});
