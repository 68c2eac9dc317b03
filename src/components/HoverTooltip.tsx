import Tooltip from '@mui/material/Tooltip';
import {
  cloneElement,
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
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

/** When a hint last closed: one within 800 ms of it shows at once, as MUI's tooltips do along a toolbar. */
let lastHidden = -Infinity;

/**
 * MUI's Tooltip for a control repeated in every row of a grid, mounted while it shows: the pointer is on
 * the control or the keyboard's focus is (not a click's or a tap's focus, as MUI's Tooltip does). A Tooltip
 * kept mounted renders twice as it finds its child, and again with its Popper at each redraw of its row:
 * on a page of ten rows, hundreds of renders for hints nobody points at. The control stays the same
 * element throughout (its focus, a click on it), and names itself (its aria-label), as without a Tooltip.
 * It shows after `enterDelay` (MUI's 100 ms by default), and not at all while `title` is empty. The data
 * grid's own hints (a column's sort and menu buttons, a cut-off header) take it as their tooltip too.
 */
export function HoverTooltip({
  title,
  enterDelay = 100,
  children,
}: {
  title: ReactNode;
  enterDelay?: number;
  children: Child;
}) {
  const [anchor, setAnchor] = useState<Element | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = (control: Element) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setAnchor(control), performance.now() - lastHidden < 800 ? 0 : enterDelay);
  };
  const hide = () => {
    clearTimeout(timer.current);
    // Only a hint that showed lets the next one show at once.
    if (anchor && title) lastHidden = performance.now();
    setAnchor(null);
  };
  const { onPointerEnter, onPointerLeave, onFocus, onBlur } = children.props;
  return (
    <>
      {cloneElement(children, {
        onPointerEnter: both(onPointerEnter, (event) => event.pointerType !== 'touch' && show(event.currentTarget)),
        onPointerLeave: both(onPointerLeave, hide),
        onFocus: both(onFocus, (event) => event.currentTarget.matches(':focus-visible') && show(event.currentTarget)),
        onBlur: both(onBlur, hide),
      })}
      {anchor &&
        title &&
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
