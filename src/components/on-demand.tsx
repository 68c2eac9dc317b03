import type { CollapseProps } from '@mui/material/Collapse';
import type { DrawerProps } from '@mui/material/Drawer';
import type { TooltipProps } from '@mui/material/Tooltip';
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

/**
 * A component the first screen rarely shows, loaded the first time `wanted` holds and kept from then on:
 * until then, and while it loads, `before` stands in. The header's menus, the phone's drawer, the
 * sidebar's groups and the collapsed sidebar's tooltips (Menu, Popover, Modal, the focus trap, Collapse,
 * Tooltip and the menus' items, about 11 KB gzip) stay off a page's first load this way.
 */
export function onDemand<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  wanted: (props: P) => boolean,
  before: (props: P) => ReactNode = () => null,
) {
  const Loaded = lazy(load);
  return function OnDemand(props: P) {
    const [once, setOnce] = useState(false);
    if (!once && wanted(props)) setOnce(true);
    return once ? (
      <Suspense fallback={before(props)}>
        <Loaded {...props} />
      </Suspense>
    ) : (
      before(props)
    );
  };
}

/** MUI's Drawer (a temporary one: nothing shows while closed), loaded when it first opens. */
export const LazyDrawer = onDemand<DrawerProps>(
  () => import('@mui/material/Drawer'),
  (props) => props.open === true,
);
/** MUI's Tooltip, loaded when first given a title: its child shows bare until then. */
export const LazyTooltip = onDemand<TooltipProps>(
  () => import('@mui/material/Tooltip'),
  (props) => Boolean(props.title),
  (props) => props.children,
);
const OnDemandCollapse = onDemand<CollapseProps>(
  () => import('@mui/material/Collapse'),
  (props) => props.in === true,
  (props) => (props.in && !props.appear ? props.children : null),
);
/**
 * MUI's Collapse, loaded when it first opens. One open from its first render shows its children as they
 * stand meanwhile (Collapse plays no transition then either); one opened later shows nothing until it has
 * loaded, then grows open (`appear`) as it would have.
 */
export function LazyCollapse(props: CollapseProps) {
  const [openFromStart] = useState(props.in);
  return <OnDemandCollapse appear={!openFromStart} {...props} />;
}
