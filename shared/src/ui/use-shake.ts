import { keyframes } from '@emotion/react';
import { useEffect, useRef, useState } from 'react';
import { SHAKE_MS } from '../domain/constants';

/** The CSS animation of one short horizontal shake, SHAKE_MS long. */
export function shakeAnimation(distancePx = 6): string {
  const frames = keyframes`
    0%, 100% { transform: translateX(0); }
    20%, 60% { transform: translateX(-${distancePx}px); }
    40%, 80% { transform: translateX(${distancePx}px); }
  `;
  return `${frames} ${SHAKE_MS}ms ease-in-out`;
}

/**
 * A shake that points at what blocks an action (the consent box before sending or buying, a dialog that must be
 * answered): `shake()` starts it, `shaking` is true for SHAKE_MS, `sx` holds the animation meanwhile.
 */
export function useShake(distancePx?: number) {
  const [shaking, setShaking] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const shake = () => {
    clearTimeout(timer.current);
    setShaking(true);
    timer.current = setTimeout(() => setShaking(false), SHAKE_MS);
  };
  return { shaking, shake, sx: shaking ? { animation: shakeAnimation(distancePx) } : undefined };
}
