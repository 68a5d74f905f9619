import { openPaymentWindow, watchWindowClosed } from './payment-window';

describe('payment window', () => {
  afterEach(() => jest.useRealTimers());

  it('opens a centred 1000×800 pop-up and reports a blocked one as null', () => {
    const popup = { closed: false } as Window;
    const open = jest.spyOn(window, 'open').mockReturnValueOnce(popup).mockReturnValueOnce(null);
    expect(openPaymentWindow('/api/payment/sandbox/abc')).toBe(popup);
    expect(open.mock.calls[0][0]).toBe('/api/payment/sandbox/abc');
    expect(open.mock.calls[0][2]).toMatch(/width=1000,height=800,left=\d+,top=\d+/);
    expect(openPaymentWindow('/x')).toBeNull();
    open.mockRestore();
  });

  it('calls back once, on the first poll after the window closed', () => {
    jest.useFakeTimers();
    const popup = { closed: false } as { closed: boolean };
    const onClosed = jest.fn();
    watchWindowClosed(popup as Window, onClosed);
    jest.advanceTimersByTime(2500);
    expect(onClosed).not.toHaveBeenCalled();
    popup.closed = true;
    jest.advanceTimersByTime(1000);
    jest.advanceTimersByTime(5000);
    expect(onClosed).toHaveBeenCalledTimes(1);
  });
});
