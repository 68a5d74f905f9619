/** @jest-environment node */
import { createHttpClient } from '@portal/shared';
import { approveOverage, fetchPendingOverage } from './overage-api';

function httpAnswering(status: number, body?: unknown) {
  return createHttpClient({
    baseUrl: '/api',
    tokens: {
      getToken: () => 't',
      refreshToken: async () => 't',
      onRefreshFailed: () => undefined,
      isSessionExpired: () => false,
    },
    fetchImpl: (async () =>
      new Response(body === undefined ? null : JSON.stringify(body), { status })) as unknown as typeof fetch,
  });
}

describe('overage calls (a 500 is ok)', () => {
  it('pending: reads the list also from a 500, and an empty 500 is an empty list', async () => {
    await expect(
      fetchPendingOverage(httpAnswering(500, { subscriptions_to_approve: [{ id: 's1' }] })),
    ).resolves.toEqual([{ id: 's1' }]);
    await expect(fetchPendingOverage(httpAnswering(500))).resolves.toEqual([]);
    await expect(fetchPendingOverage(httpAnswering(404, { message: 'Not found', slug: 'not-found' }))).resolves.toEqual(
      [],
    );
    await expect(fetchPendingOverage(httpAnswering(403, { message: 'no', slug: 'forbidden' }))).rejects.toMatchObject({
      status: 403,
    });
  });

  it('approve: the approval url also from a 500, none from an empty 500, other failures reject', async () => {
    await expect(approveOverage(httpAnswering(200, { approval_url: 'https://pay.test/a' }), 's1')).resolves.toBe(
      'https://pay.test/a',
    );
    await expect(approveOverage(httpAnswering(500, { approval_url: 'https://pay.test/b' }), 's1')).resolves.toBe(
      'https://pay.test/b',
    );
    await expect(approveOverage(httpAnswering(500), 's1')).resolves.toBeNull();
    await expect(approveOverage(httpAnswering(400, { message: 'bad', slug: 'bad' }), 's1')).rejects.toMatchObject({
      status: 400,
    });
  });
});
