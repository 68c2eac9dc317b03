import { useState, type MouseEvent } from 'react';

/** A menu opened from a button: the menu's props, and `choose`, which closes it before the chosen item acts. */
export function useMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return {
    isOpen: anchor !== null,
    open: (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget),
    close,
    choose: (action: () => void) => () => {
      close();
      action();
    },
    props: { anchorEl: anchor, open: anchor !== null, onClose: close },
  };
}

export type MenuState = ReturnType<typeof useMenu>;
