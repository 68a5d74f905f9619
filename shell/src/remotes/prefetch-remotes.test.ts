import { registryEntry } from '../testing/fixtures';
import { prefetchRemotes } from './prefetch-remotes';
import type { RemoteLoader } from './remote-loader';

function manualSchedule() {
  const tasks: (() => void)[] = [];
  return { schedule: (task: () => void) => (tasks.push(task), () => tasks.splice(tasks.indexOf(task), 1)), tasks };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('prefetchRemotes', () => {
  it('loads one remote per idle slot, in order, and keeps going after a failure', async () => {
    const loaded: string[] = [];
    const loader: RemoteLoader = {
      load: async (entry) => {
        loaded.push(entry.remote);
        if (entry.id === 'a') throw new Error('offline');
        return { id: entry.id, routes: [], translations: { en: {}, de: {} } };
      },
    };
    const { schedule, tasks } = manualSchedule();
    prefetchRemotes([registryEntry('a'), registryEntry('b')], loader, schedule);
    expect(loaded).toEqual([]);
    tasks.shift()!();
    await flush();
    expect(loaded).toEqual(['mfe_a']);
    tasks.shift()!();
    await flush();
    expect(loaded).toEqual(['mfe_a', 'mfe_b']);
    expect(tasks).toHaveLength(0);
  });

  it('stops when cancelled', async () => {
    const load = jest.fn(() => new Promise<never>(() => undefined));
    const { schedule, tasks } = manualSchedule();
    const cancel = prefetchRemotes([registryEntry('a')], { load }, schedule);
    cancel();
    expect(tasks).toHaveLength(0);
    expect(load).not.toHaveBeenCalled();
  });
});
