import { act, render, screen } from '@testing-library/react';
import { deferredComponent } from './deferred-component';

/** Lets the pending import settle. */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

interface NoteProps {
  open: boolean;
  text: string;
}

function Note({ open, text }: NoteProps) {
  return open ? <p>{text}</p> : null;
}

describe('deferredComponent', () => {
  it('loads a hidden component on mount and shows it at once when it opens', async () => {
    const load = jest.fn(() => Promise.resolve(Note));
    const DeferredNote = deferredComponent<NoteProps>(load, { visible: (props) => props.open });
    const { rerender } = render(<DeferredNote open={false} text="Hello" />);
    await settle();
    expect(load).toHaveBeenCalledTimes(1);

    rerender(<DeferredNote open text="Hello" />);
    expect(screen.getByText('Hello')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows a visible component once its code has loaded, the fallback until then', async () => {
    const DeferredNote = deferredComponent<NoteProps>(() => Promise.resolve(Note), { fallback: <p>Loading</p> });
    render(<DeferredNote open text="Hello" />);
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(await screen.findByText('Hello')).toBeInTheDocument();
  });

  it('tries again after a failed load', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Note);
    const DeferredNote = deferredComponent<NoteProps>(load, { visible: (props) => props.open });
    const { rerender } = render(<DeferredNote open={false} text="Hello" />);
    await settle();
    rerender(<DeferredNote open text="Hello" />);
    expect(await screen.findByText('Hello')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("with hiddenLoad 'intent', loads a hidden component only on preload() or when it opens", async () => {
    const load = jest.fn(() => Promise.resolve(Note));
    const DeferredNote = deferredComponent<NoteProps>(load, {
      visible: (props) => props.open,
      hiddenLoad: 'intent',
      fallback: <p>Loading</p>,
    });
    const { rerender } = render(<DeferredNote open={false} text="Hello" />);
    await settle();
    expect(load).not.toHaveBeenCalled();

    DeferredNote.preload();
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    rerender(<DeferredNote open text="Hello" />);
    expect(screen.getByText('Hello')).toBeInTheDocument();
  });

  it("with hiddenLoad 'intent', shows the fallback when it opens before its code has loaded", async () => {
    const DeferredNote = deferredComponent<NoteProps>(() => Promise.resolve(Note), {
      visible: (props) => props.open,
      hiddenLoad: 'intent',
      fallback: <p>Loading</p>,
    });
    const { rerender } = render(<DeferredNote open={false} text="Hello" />);
    rerender(<DeferredNote open text="Hello" />);
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(await screen.findByText('Hello')).toBeInTheDocument();
  });
});
