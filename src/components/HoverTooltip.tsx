import Tooltip from '@mui/material/Tooltip';
import { cloneElement, useState, type FocusEvent, type PointerEvent, type ReactElement } from 'react';
import { createPortal } from 'react-dom';

type Handler<E> = ((event: E) => void) | undefined;
type Child = ReactElement<{
  onPointerEnter?: Handler<PointerEvent>;
  onPointerLeave?: Handler<PointerEvent>;
  onFocus?: Handler<FocusEvent>;
  onBlur?: Handler<FocusEvent>;
}>;

/** `own` (the child's handler), then `then`. */
const both =
  <E,>(own: Handler<E>, then: (event: E) => void) =>
  (event: E) => {
    own?.(event);
    then(event);
  };

/**
 * MUI's Tooltip for a control repeated in every row of a grid, mounted while it shows: the pointer is on
 * the control or the keyboard's focus is (not a click's or a tap's focus, as MUI's Tooltip does). A Tooltip
 * kept mounted renders twice as it finds its child, and again with its Popper at each redraw of its row:
 * on a page of ten rows, hundreds of renders for hints nobody points at. The control stays the same
 * element throughout (its focus, a click on it), and names itself (its aria-label), as without a Tooltip.
 */
export function HoverTooltip({ title, children }: { title: string; children: Child }) {
  const [anchor, setAnchor] = useState<Element | null>(null);
  const hide = () => setAnchor(null);
  const { onPointerEnter, onPointerLeave, onFocus, onBlur } = children.props;
  return (
    <>
      {cloneElement(children, {
        onPointerEnter: both(
          onPointerEnter,
          (event) => event.pointerType !== 'touch' && setAnchor(event.currentTarget),
        ),
        onPointerLeave: both(onPointerLeave, hide),
        onFocus: both(
          onFocus,
          (event) => event.currentTarget.matches(':focus-visible') && setAnchor(event.currentTarget),
        ),
        onBlur: both(onBlur, hide),
      })}
      {anchor &&
        // Anchored on the control; its own child (which MUI's Tooltip needs) is a hidden stand-in kept out of
        // the control's row or list.
        createPortal(
          <Tooltip open title={title} describeChild onClose={hide} slotProps={{ popper: { anchorEl: anchor } }}>
            <span hidden />
          </Tooltip>,
          document.body,
        )}
    </>
  );
}
