import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { screen, waitFor } from '@testing-library/react';
import { z } from 'zod';
import { renderWithPortal } from '../testing';
import { lazyFormSchema, usePortalForm, type LazyFormSchema } from '.';

const schema = z.object({
  email: z.string().trim().min(1, 'validation_email_required'),
  note: z.string().default(''),
});

function Harness({ lazy, onValid }: { lazy: LazyFormSchema<typeof schema>; onValid: (values: unknown) => void }) {
  const form = usePortalForm(lazy, { email: '', note: '' });
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)}>
      <TextField label="Email" {...form.fieldProps('email')} />
      <TextField label="Note" {...form.fieldProps('note')} />
      <Button type="submit">Save</Button>
    </form>
  );
}

describe('a form with a lazily loaded schema', () => {
  it('renders with the declared required marks before the schema loads, and loads it only when checking', async () => {
    const load = jest.fn(async () => schema);
    const lazy = lazyFormSchema(load, ['email']);
    const onValid = jest.fn();
    const { user } = renderWithPortal(<Harness lazy={lazy} onValid={onValid} />, { language: 'en' });

    expect(screen.getByRole('textbox', { name: /^Email/ })).toBeRequired();
    expect(screen.getByRole('textbox', { name: /^Note/ })).not.toBeRequired();
    expect(load).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter your email address.')).toBeInTheDocument();
    expect(onValid).not.toHaveBeenCalled();

    await user.type(screen.getByRole('textbox', { name: /^Email/ }), '  max@example.com ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onValid).toHaveBeenCalledWith({ email: 'max@example.com', note: '' }, expect.anything()),
    );
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('lets the values pass to the server when the schema cannot load, and tries again on the next check', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const load = jest.fn().mockRejectedValueOnce(new Error('ChunkLoadError')).mockResolvedValue(schema);
    const onValid = jest.fn();
    const { user } = renderWithPortal(<Harness lazy={lazyFormSchema(load, ['email'])} onValid={onValid} />, {
      language: 'en',
    });

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ email: '', note: '' }, expect.anything()));
    expect(warn).toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter your email address.')).toBeInTheDocument();
    expect(onValid).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});

describe('lazyFormSchema().prefetch', () => {
  it('starts the load once, keeps a failure quiet and leaves the next load to try again', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(schema);
    const lazy = lazyFormSchema(load, ['email']);
    lazy.prefetch();
    lazy.prefetch();
    expect(load).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 0)); // the failed load settles, unreported
    await expect(lazy.load()).resolves.toBe(schema);
    expect(load).toHaveBeenCalledTimes(2);
    lazy.prefetch();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
