import { screen } from '@testing-library/react';
import type { RegistryEntry } from '@portal/shared';
import { registryEntry } from '../../testing/fixtures';
import { renderShell } from '../../testing/render-shell';

it("shows the 'Unexpected Application Error' page with a way back when a page throws while rendering", async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  // A malformed registry card (a description that is no text) makes the dashboard throw during render.
  const broken = {
    ...registryEntry('x'),
    card: {
      pluginName: 'mobile',
      title: { en: 'Mobile', de: 'Mobil' },
      description: { en: { not: 'text' } },
      illustration: 'https://cdn.test/mobile.svg',
    },
  } as unknown as RegistryEntry;
  renderShell({ entries: [broken] });
  expect(await screen.findByRole('heading', { name: 'Unexpected Application Error' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/dashboard');
  jest.restoreAllMocks();
});
