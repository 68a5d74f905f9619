import { createLoadingStore } from './loading-store';
import { createNotificationStore } from './notification-store';

describe('createLoadingStore', () => {
  it('counts begin/end and never goes below zero', () => {
    const store = createLoadingStore();
    store.counter.begin();
    store.counter.begin();
    expect(store.getState()).toMatchObject({ count: 2, isLoading: true });
    store.counter.end();
    expect(store.getState().isLoading).toBe(true);
    store.counter.end();
    store.counter.end();
    expect(store.getState()).toMatchObject({ count: 0, isLoading: false });
  });
  it('track ends even when the promise rejects', async () => {
    const store = createLoadingStore();
    const pending = store.counter.track(Promise.reject(new Error('x')));
    expect(store.getState().isLoading).toBe(true);
    await expect(pending).rejects.toThrow('x');
    expect(store.getState().isLoading).toBe(false);
    await expect(store.counter.track(Promise.resolve(5))).resolves.toBe(5);
  });
});

describe('createNotificationStore', () => {
  it('queues notifications with id, type, title, message and 5000 ms default', () => {
    const store = createNotificationStore();
    store.notifier.success({ title: 'notification_success', message: 'success_message' });
    store.notifier.error({ message: 'boom', autoHideMs: 1000 });
    const [first, second] = store.getState().notifications;
    expect(first).toMatchObject({
      type: 'success',
      title: 'notification_success',
      message: 'success_message',
      autoHideDuration: 5000,
    });
    expect(second).toMatchObject({ type: 'error', title: '', message: 'boom', autoHideDuration: 1000 });
    expect(first.id).not.toBe(second.id);
  });
  it('dismisses by id and clears', () => {
    const store = createNotificationStore();
    const id = store.getState().push('info', { message: 'a' });
    store.notifier.warning({ message: 'b' });
    store.getState().dismiss(id);
    expect(store.getState().notifications.map((n) => n.message)).toEqual(['b']);
    store.getState().clear();
    expect(store.getState().notifications).toEqual([]);
  });
});
