import { deleteApp, getApps } from 'firebase-admin/app';

// The helper's firebase-admin app keeps sockets alive; close it after each test file.
afterAll(async () => {
  const helper = getApps().find((a) => a.name === 'test-helper');
  if (helper) await deleteApp(helper);
});
