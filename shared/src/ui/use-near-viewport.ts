import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * True once the element is within a screen's height of the viewport (and from then on). Content far down a long page
 * (the buy pages' contact form) loads its code as the visitor scrolls towards it, not with the page. Where the
 * browser has no IntersectionObserver, true at once.
 */
export function useNearViewport<E extends Element>(): [RefObject<E>, boolean] {
  const ref = useRef<E>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near];
}
