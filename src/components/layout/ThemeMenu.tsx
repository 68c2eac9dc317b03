import Menu from '@mui/material/Menu';
import { useColorScheme } from '@mui/material/styles';
import { IconMenuItem } from '../IconMenuItem';
import type { MenuState } from '../useMenu';
import { THEME_CHOICES } from './ThemeToggle';

/** The light, dark and system choices ThemeToggle opens (loaded when first opened). */
export default function ThemeMenu({ menu }: { menu: MenuState }) {
  const { mode, setMode } = useColorScheme();
  return (
    <Menu {...menu.props}>
      {THEME_CHOICES.map(({ mode: choice, label, Icon }) => (
        <IconMenuItem
          key={choice}
          selected={choice === mode}
          onClick={menu.choose(() => setMode(choice))}
          icon={Icon}
          label={label}
        />
      ))}
    </Menu>
  );
}
