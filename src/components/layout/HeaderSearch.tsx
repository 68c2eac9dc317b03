import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { searchAdornment } from '../SearchAdornment';
import type { HeaderSearchBoxProps } from './HeaderSearchBox';

export const SEARCH_PLACEHOLDER = 'Search products, orders, customers...';
/** The box's name and shortcut, for assistive technology. */
export const SEARCH_INPUT = { 'aria-label': 'Search', 'aria-keyshortcuts': 'Control+K Meta+K' };

const loadBox = () => import('./HeaderSearchBox');

/**
 * The header's search. Its hits (HeaderSearchBox: Autocomplete, its popup and queries, about 15 KB gzip
 * that no page needs before the admin searches) load when the box is first pointed at or focused; until
 * then an input of the same look holds what is typed, and hands it and the focus over.
 * Ctrl+K (⌘K) focuses it from anywhere.
 */
export function HeaderSearch({ sx }: { sx?: SxProps<Theme> }) {
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  // The box once loaded, and whether the stand-in had the focus at that moment.
  const [loaded, setLoaded] = useState<{ Box: ComponentType<HeaderSearchBoxProps>; focused: boolean }>();
  useEffect(() => {
    const focus = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        input.current?.focus();
      }
    };
    window.addEventListener('keydown', focus);
    return () => window.removeEventListener('keydown', focus);
  }, []);
  const load = () =>
    void loadBox().then((box) => setLoaded({ Box: box.default, focused: document.activeElement === input.current }));

  if (loaded) return <loaded.Box sx={sx} inputRef={input} initialText={text} autoFocus={loaded.focused} />;
  return (
    <OutlinedInput
      size="small"
      sx={sx}
      inputRef={input}
      value={text}
      placeholder={SEARCH_PLACEHOLDER}
      startAdornment={searchAdornment}
      inputProps={{ ...SEARCH_INPUT, role: 'combobox', 'aria-expanded': false, 'aria-autocomplete': 'list' }}
      onChange={(event) => setText(event.target.value)}
      onPointerEnter={load}
      onFocus={load}
    />
  );
}
