import type { DialogProps } from '@mui/material/Dialog';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId } from 'react';

/**
 * The props every staff dialog shares: full screen on phones, medium width elsewhere, titled by `titleId`, and not
 * closable (Escape, backdrop) while a step is running, so its outcome is always seen.
 */
export function useStaffDialog(busy: boolean, onClose: () => void) {
  const fullScreen = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  const dialogProps = {
    open: true,
    onClose: busy ? undefined : onClose,
    'aria-labelledby': titleId,
    fullScreen,
    maxWidth: 'md',
    fullWidth: true,
  } satisfies Omit<DialogProps, 'children'>;
  return { titleId, dialogProps };
}
