import { useLayoutEffect, useRef } from 'react';
import { takeStaticLoginCard, type StaticLoginField, type StaticLoginInput } from './static-login-card';

export interface StaticLoginHandover {
  /** The React fields' ids, to give them the static card's focus and selection. */
  fieldIds: Record<StaticLoginField, string>;
  /** Puts the typed values into the form. */
  setValues(values: Pick<StaticLoginInput, StaticLoginField>): void;
  /** Sends the form, when the static card's was sent before the login page arrived. */
  submit(): void;
}

/**
 * The login page's first commit takes over index.html's static sign-in card (static-login-card.ts): what was typed,
 * the focused field with its caret or selection, and a pending submit. In a layout effect, so the page swaps in the
 * task that commits it, before the next key press or paint.
 */
export function useStaticLoginHandover(handover: StaticLoginHandover) {
  const latest = useRef(handover);
  latest.current = handover;
  useLayoutEffect(() => {
    const input = takeStaticLoginCard();
    if (!input) return;
    const { fieldIds, setValues, submit } = latest.current;
    const fields = (Object.keys(fieldIds) as StaticLoginField[]).map((field) => ({
      field,
      element: document.getElementById(fieldIds[field]) as HTMLInputElement | null,
    }));
    // The DOM first (a controlled input keeps a value React renders again unchanged), so the selection can be set now.
    for (const { field, element } of fields) if (element) element.value = input[field];
    setValues({ email: input.email, password: input.password });
    const focused = fields.find(({ field }) => field === input.focus?.field)?.element;
    if (focused && input.focus) {
      focused.focus();
      const { selectionStart, selectionEnd } = input.focus;
      if (selectionStart !== null && selectionEnd !== null) focused.setSelectionRange(selectionStart, selectionEnd);
    }
    if (input.submitted) submit();
    else if (input.pressed) return submitOnRelease(fields[0]?.element?.form ?? null, () => latest.current.submit());
  }, []);
}

/**
 * A press that began on the static card's button and ends on the login page's: browsers send no click to a button
 * the press did not begin on, so the form is sent here, as the click would have (not when the press ends elsewhere).
 */
function submitOnRelease(form: HTMLFormElement | null, submit: () => void): () => void {
  let sent = false;
  const onSubmit = () => (sent = true);
  const unwatchPointer = () => {
    window.removeEventListener('pointerup', onRelease, true);
    window.removeEventListener('pointercancel', dispose, true);
  };
  const dispose = () => {
    unwatchPointer();
    form?.removeEventListener('submit', onSubmit);
  };
  function onRelease(event: PointerEvent) {
    unwatchPointer();
    const button = form?.querySelector('button[type="submit"]');
    // elementFromPoint, not the event's target: a touch sends its pointerup to the removed button it began on.
    const target = document.elementFromPoint?.(event.clientX, event.clientY) ?? event.target;
    if (!button || !(target instanceof Node) || !button.contains(target)) return dispose();
    // After the browser's own events for this press: a click it still made has sent the form already.
    setTimeout(() => {
      dispose();
      if (!sent) submit();
    });
  }
  form?.addEventListener('submit', onSubmit);
  window.addEventListener('pointerup', onRelease, true);
  window.addEventListener('pointercancel', dispose, true);
  return dispose;
}
